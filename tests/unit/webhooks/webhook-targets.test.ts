import { describe, expect, it } from "vitest";
import { isRefusedAddress, resolveTarget } from "#adapters/webhooks/webhook-targets.ts";
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
