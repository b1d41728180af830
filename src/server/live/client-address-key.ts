import ipaddr from "ipaddr.js";

/**
 * A client's address as the live channel's cap per address counts it (issue 46): an IPv4 address
 * as itself (also when a dual-stack socket writes it ::ffff:a.b.c.d), an IPv6 client by its /64
 * (one subscriber's network: an attacker holds a whole /64, not one address). Null when unknown.
 */
export function clientAddressKey(clientIp: string | null | undefined): string | null {
  if (!clientIp || !ipaddr.isValid(clientIp)) return null;
  const address = ipaddr.process(clientIp);
  if (address.kind() === "ipv4") return address.toString();
  const parts = (address as ipaddr.IPv6).parts.slice(0, 4);
  return `${parts.map((part) => part.toString(16)).join(":")}::/64`;
}
