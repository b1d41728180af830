import { lookup } from "node:dns/promises";
import { BlockList, isIP } from "node:net";
import type { WebhookTargets } from "#domain/webhooks/webhook.port.ts";

// Addresses a webhook must never reach in production: the machine itself, the private networks
// behind it, link-local (cloud metadata at 169.254.169.254), and the ranges nobody should answer on.
const REFUSED = new BlockList();
for (const [network, prefix] of [
  ["0.0.0.0", 8],
  ["10.0.0.0", 8],
  ["100.64.0.0", 10],
  ["127.0.0.0", 8],
  ["169.254.0.0", 16],
  ["172.16.0.0", 12],
  ["192.0.0.0", 24],
  ["192.168.0.0", 16],
  ["198.18.0.0", 15],
  ["224.0.0.0", 4],
  ["240.0.0.0", 4],
] as const)
  REFUSED.addSubnet(network, prefix, "ipv4");
for (const [network, prefix] of [
  ["::", 128],
  ["::1", 128],
  ["fc00::", 7],
  ["fe80::", 10],
  ["ff00::", 8],
] as const)
  REFUSED.addSubnet(network, prefix, "ipv6");

/** Whether `address` (an IP literal) is loopback, private, link-local or otherwise not a public host. */
export function isRefusedAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return REFUSED.check(address, "ipv4");
  if (family === 6) {
    // An IPv4-mapped IPv6 address (::ffff:127.0.0.1) is the IPv4 address.
    const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
    return mapped ? REFUSED.check(mapped[1]!, "ipv4") : REFUSED.check(address, "ipv6");
  }
  return true;
}

/**
 * The one public address a delivery goes to: the host resolved now (every address it has must be
 * public, so a name cannot mix a public and a private answer), and the connection is then made to
 * that address (no second lookup a DNS rebinding could change). With `allowLocal`
 * (WEBHOOKS_ALLOW_LOCAL, tests and development) any address and plain http are allowed.
 */
export async function resolveTarget(url: string, allowLocal: boolean): Promise<{ address: string; family: number } | { refusal: string }> {
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
    answers = isIP(host) ? [{ address: host, family: isIP(host) }] : await lookup(host, { all: true, verbatim: true });
  } catch {
    return { refusal: `its host ${host} could not be found` };
  }
  if (answers.length === 0) return { refusal: `its host ${host} could not be found` };
  if (!allowLocal && answers.some((a) => isRefusedAddress(a.address))) return { refusal: "it points at a private, loopback or link-local address" };
  return answers[0]!;
}

export function createWebhookTargets(allowLocal: boolean): WebhookTargets {
  return {
    async refusal(url) {
      const target = await resolveTarget(url, allowLocal);
      return "refusal" in target ? target.refusal : null;
    },
  };
}
