import { describe, expect, it } from "vitest";
import { carriesSecretLink, keptAfterSending, redactLinks } from "#domain/mail/secret-links.ts";

describe("links that are keys (issue 32)", () => {
  it("cuts every link to its path, in text, HTML attributes and JSON", () => {
    expect(redactLinks("Open https://shop.test/reset-password?token=abc123 within an hour")).toBe("Open https://shop.test/reset-password within an hour");
    expect(redactLinks('<a href="https://shop.test/verify-email?token=x&amp;step=confirm-change">go</a>')).toBe(
      '<a href="https://shop.test/verify-email">go</a>',
    );
    expect(redactLinks(JSON.stringify({ url: "http://localhost:4321/reset-password?token=k&invitation=1#top" }))).toBe(
      '{"url":"http://localhost:4321/reset-password"}',
    );
    expect(redactLinks("See https://shop.test/dashboard.")).toBe("See https://shop.test/dashboard.");
  });

  it("keeps a key-carrying message without its keys once sent; any other as it was", () => {
    const rendered = { subject: "Reset", html: '<a href="https://s.test/reset-password?token=t1">x</a>', text: "https://s.test/reset-password?token=t1" };
    const kept = keptAfterSending({ template: "reset_password", to: "a@s.test", data: { name: "A", url: "https://s.test/reset-password?token=t1" } }, rendered);
    expect(JSON.stringify(kept)).not.toContain("t1");
    expect(kept.data).toBe('{"name":"A","url":"https://s.test/reset-password"}');
    const receipt = { subject: "Order", html: "<p>ok</p>", text: "ok" };
    expect(keptAfterSending({ template: "promo_code", to: "a@s.test", data: { code: "C", percentOff: 20 } }, receipt)).toBe(receipt);
    expect(["verify_email", "reset_password", "staff_invitation", "confirm_email_change"].every(carriesSecretLink)).toBe(true);
    expect(carriesSecretLink("order_confirmation")).toBe(false);
  });
});
