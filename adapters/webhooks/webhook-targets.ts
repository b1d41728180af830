import { lookup as dnsLookup } from "node:dns/promises";
import { isIP } from "node:net";
import ipaddr from "ipaddr.js";
import type { WebhookTargets } from "#domain/webhooks/webhook.port.ts";

/** IPv6's global unicast block (RFC 4291, IANA's IPv6 address space): all public IPv6 hosts are in it. */
const GLOBAL_UNICAST = ipaddr.IPv6.parseCIDR("2000::/3");
/** NAT64's well-known prefix (RFC 6052): the IPv4 address it reaches is its last 32 bits. */
const NAT64_WELL_KNOWN = ipaddr.IPv6.parseCIDR("64:ff9b::/96");

/**
 * The IPv4 address an IPv6 address stands for, when it is a form that carries one the way a
 * connection reaches it: IPv4-mapped (::ffff:a.b.c.d, how a dual-stack socket writes IPv4) and
 * NAT64's well-known prefix (64:ff9b::a.b.c.d, a DNS64 network's answer for an IPv4-only host).
 * Every other translated form (64:ff9b:1::/48, 6to4, Teredo, SIIT, IPv4-compatible) is not
 * converted: it is refused below, as it is not global unicast.
 */
function embeddedIPv4(address: ipaddr.IPv6): ipaddr.IPv4 | null {
  if (address.isIPv4MappedAddress()) return address.toIPv4Address();
  if (address.match(NAT64_WELL_KNOWN)) return ipaddr.IPv4.parse(address.toByteArray().slice(12).join("."));
  return null;
}

/**
 * Whether `address` (an IP literal) is a public unicast host a webhook may reach. Decided by
 * ipaddr.js's range classification (the IANA special-purpose registries, kept by its maintainers)
 * rather than a list of our own: only `unicast` passes, for IPv4 and IPv6 alike, an IPv6 address
 * only inside 2000::/3 (so the deprecated IPv4-compatible ::a.b.c.d and unassigned space are
 * refused too), and the IPv4 behind a mapped or NAT64 form is judged as itself.
 */
export function isPublicAddress(address: string): boolean {
  if (!isIP(address)) return false;
  let parsed: ipaddr.IPv4 | ipaddr.IPv6;
  try {
    parsed = ipaddr.parse(address);
  } catch {
    return false;
  }
  if (parsed.kind() === "ipv6") {
    const v6 = parsed as ipaddr.IPv6;
    const v4 = embeddedIPv4(v6);
    if (v4) return v4.range() === "unicast";
    return v6.range() === "unicast" && v6.match(GLOBAL_UNICAST);
  }
  return parsed.range() === "unicast";
}

/** Whether `address` is loopback, private, link-local, translated to one, or otherwise not a public host. */
export const isRefusedAddress = (address: string): boolean => !isPublicAddress(address);

export const REFUSED_ADDRESS = "it points at a private, loopback or link-local address";

/** A resolver with dns.promises.lookup's `all` answer (tests hand in their own). */
export type ResolveHost = (host: string) => Promise<{ address: string; family: number }[]>;

const systemResolver: ResolveHost = (host) => dnsLookup(host, { all: true, verbatim: true });

/**
 * The one public address a delivery goes to: the host resolved now (every address it has must be
 * public, so a name cannot mix a public and a private answer). The sender resolves at every
 * attempt and dials that address (no second lookup a DNS rebinding could change), and checks the
 * connected socket's address again. With `allowLocal` (WEBHOOKS_ALLOW_LOCAL, tests and
 * development) any address and plain http are allowed.
 */
export async function resolveTarget(
  url: string,
  allowLocal: boolean,
  resolve: ResolveHost = systemResolver,
): Promise<{ address: string; family: number } | { refusal: string }> {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return { refusal: "it is not a URL" };
  }
  if (parsed.username || parsed.password) return { refusal: "it carries a user name or password" };
  if (parsed.protocol !== "https:" && !(allowLocal && parsed.protocol === "http:")) return { refusal: "it must start with https://" };
  const host = parsed.hostname.replace(/^\[|\]$/g, "");
  let answers: { address: string; family: number }[];
  try {
    answers = isIP(host) ? [{ address: host, family: isIP(host) }] : await resolve(host);
  } catch {
    return { refusal: `its host ${host} could not be found` };
  }
  if (answers.length === 0) return { refusal: `its host ${host} could not be found` };
  if (!allowLocal && answers.some((a) => isRefusedAddress(a.address))) return { refusal: REFUSED_ADDRESS };
  return answers[0]!;
}

export function createWebhookTargets(allowLocal: boolean, resolve?: ResolveHost): WebhookTargets {
  return {
    async refusal(url) {
      const target = await resolveTarget(url, allowLocal, resolve);
      return "refusal" in target ? target.refusal : null;
    },
  };
}
