import { describe, expect, it } from "vitest";
import { createHttpWebhookSender } from "#adapters/webhooks/http-webhook-sender.ts";
import { createWebhookTargets, isRefusedAddress, resolveTarget } from "#adapters/webhooks/webhook-targets.ts";
import { discordContent, nextWebhookAttempt, redactedUrl, MAX_DELIVERY_ATTEMPTS } from "#domain/webhooks/webhook.ts";

// The SSRF guard of outgoing webhooks (issue 38): in production only https to public addresses.
describe("webhook targets", () => {
  it("refuses loopback, private, link-local and mapped addresses, and lets public ones through", () => {
    for (const address of [
      "127.0.0.1",
      "10.1.2.3",
      "172.16.0.1",
      "192.168.1.1",
      "169.254.169.254",
      "100.64.0.1",
      "0.0.0.0",
      "::1",
      "::",
      "fe80::1",
      "fd00::1",
      "::ffff:127.0.0.1",
      "::ffff:10.0.0.1",
      "not-an-ip",
    ])
      expect(isRefusedAddress(address), address).toBe(true);
    for (const address of ["93.184.216.34", "1.1.1.1", "2606:4700:4700::1111", "::ffff:8.8.8.8"]) expect(isRefusedAddress(address), address).toBe(false);
  });

  it("refuses plain http, credentials and private hosts in production, allows them with WEBHOOKS_ALLOW_LOCAL", async () => {
    expect(await resolveTarget("http://93.184.216.34/hook", false)).toEqual({ refusal: "it must start with https://" });
    expect(await resolveTarget("https://user:pw@93.184.216.34/hook", false)).toEqual({ refusal: "it carries a user name or password" });
    expect(await resolveTarget("https://127.0.0.1/hook", false)).toEqual({ refusal: "it points at a private, loopback or link-local address" });
    expect(await resolveTarget("https://[::1]/hook", false)).toEqual({ refusal: "it points at a private, loopback or link-local address" });
    expect(await resolveTarget("https://169.254.169.254/latest/meta-data", false)).toEqual({
      refusal: "it points at a private, loopback or link-local address",
    });
    // A name resolving to loopback is refused as its address is.
    expect(await resolveTarget("https://localhost/hook", false)).toEqual({ refusal: "it points at a private, loopback or link-local address" });
    expect(await resolveTarget("https://93.184.216.34/hook", false)).toEqual({ address: "93.184.216.34", family: 4 });
    expect(await resolveTarget("http://127.0.0.1:9/hook", true)).toEqual({ address: "127.0.0.1", family: 4 });
    expect(await resolveTarget("ftp://127.0.0.1/hook", true)).toEqual({ refusal: "it must start with https://" });
  });
});

// Issue 46: the ranges come from ipaddr.js's classification; translated forms of private IPv4
// addresses and IPv6's special-purpose blocks were let through by the hand-written list.
describe("webhook targets by range classification", () => {
  it("refuses every translated or special-purpose form, and converts the two that carry a reachable IPv4", () => {
    for (const address of [
      "64:ff9b::a9fe:a9fe", // NAT64 of 169.254.169.254 (cloud metadata)
      "64:ff9b::a00:1", // NAT64 of 10.0.0.1
      "64:ff9b::7f00:1", // NAT64 of 127.0.0.1
      "64:ff9b::169.254.169.254",
      "64:ff9b:1::a00:1", // local-use NAT64 prefix (RFC 8215)
      "::a00:1", // IPv4-compatible (deprecated)
      "::127.0.0.1",
      "::ffff:0:a00:1", // SIIT IPv4-translated (RFC 6145)
      "2002:a9fe:a9fe::1", // 6to4 of 169.254.169.254
      "2001:0:a9fe:a9fe::1", // Teredo
      "fec0::1", // site-local (deprecated)
      "2001:db8::1", // documentation
      "100::1", // discard-only
      "5f00::1", // segment routing
      "4000::1", // outside 2000::/3: not assigned for unicast
      "ff02::1",
      "192.0.2.1", // documentation
      "198.18.0.1", // benchmarking
      "255.255.255.255",
      "::ffff:169.254.169.254",
    ])
      expect(isRefusedAddress(address), address).toBe(true);
    // A public IPv4 behind NAT64's well-known prefix or written mapped is the public address.
    for (const address of ["64:ff9b::808:808", "::ffff:1.1.1.1", "2a00:1450:4001:80b::200e", "8.8.4.4"]) expect(isRefusedAddress(address), address).toBe(false);
  });

  it("decides after resolving the name: an answer in a translated private range is refused when saved and at the attempt", async () => {
    const dns = (answers: Record<string, string[]>) => async (host: string) =>
      (answers[host] ?? []).map((address) => ({ address, family: address.includes(":") ? 6 : 4 }));
    const resolve = dns({ "metadata.example": ["64:ff9b::a9fe:a9fe"], "mixed.example": ["93.184.216.34", "fec0::1"], "public.example": ["93.184.216.34"] });
    const targets = createWebhookTargets(false, resolve);
    expect(await targets.refusal("https://metadata.example/hook")).toBe("it points at a private, loopback or link-local address");
    expect(await targets.refusal("https://mixed.example/hook")).toBe("it points at a private, loopback or link-local address");
    expect(await targets.refusal("https://public.example/hook")).toBeNull();
    // The sender resolves again at every attempt: a name that answered a public address when the
    // endpoint was saved and a private one now (DNS rebinding) is not dialled.
    const answers: Record<string, string[]> = { "rebind.example": ["93.184.216.34"] };
    expect(await createWebhookTargets(false, dns(answers)).refusal("https://rebind.example/hook")).toBeNull();
    answers["rebind.example"] = ["64:ff9b::7f00:1"];
    const sender = createHttpWebhookSender({ allowLocal: false, userAgent: "test", now: () => new Date(), resolve: dns(answers) });
    const outcome = await sender.send({
      id: "d1",
      endpointId: "e1",
      url: "https://rebind.example/hook",
      format: "json",
      event: "order.paid",
      body: "{}",
      secret: "s".repeat(24),
      attempts: 0,
      claim: "c1",
    });
    expect(outcome).toMatchObject({ statusCode: null, error: "refused: it points at a private, loopback or link-local address" });
  });
});

describe("webhook retries and messages", () => {
  it("backs off 30 s, 2 min, 8 min... honours a longer Retry-After, and gives up after the last attempt", () => {
    const now = new Date("2026-01-01T00:00:00Z");
    const delay = (attempts: number, retryAfter: number | null = null) => nextWebhookAttempt(attempts, now, retryAfter)!.getTime() - now.getTime();
    expect([1, 2, 3].map((a) => delay(a))).toEqual([30_000, 120_000, 480_000]);
    expect(delay(1, 600)).toBe(600_000);
    expect(delay(7)).toBeLessThanOrEqual(6 * 3600_000);
    expect(nextWebhookAttempt(MAX_DELIVERY_ATTEMPTS, now)).toBeNull();
  });

  it("writes a Discord line that cannot carry Markdown or mentions, and hides a URL's token", () => {
    const line = discordContent(
      { event: "order.paid", orderId: "abcdef123456", total: "9.99", itemCount: 1, robloxUsername: "@everyone_*x*" },
      "Shop",
      "https://s.test/admin",
    );
    expect(line).toBe("**Shop** New paid order #ABCDEF12: 1 item, $9.99, deliver to \\@everyone\\_\\*x\\*\nhttps://s.test/admin");
    expect(redactedUrl("https://discord.com/api/webhooks/123/SECRET-TOKEN")).toBe("https://discord.com/api/...");
  });
});
