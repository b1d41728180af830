import { describe, expect, it } from "vitest";
import { shortId } from "#domain/shared/short-id.ts";
import { contentOf } from "#adapters/mail/mail-content.ts";
import { discordContent } from "#domain/webhooks/webhook.ts";

// Issue 47: the panel wrote "order #744484ad is completed" while the emails wrote "#744484AD". One
// function writes a short id everywhere; the emails and the Discord line are written with it.
describe("shortId", () => {
  it("is the first 8 characters in capitals (admin-panel.md 9: truncated to 8)", () => {
    expect(shortId("744484ad-0b1c-4c2e-9f00-123456789abc")).toBe("744484AD");
    expect(shortId("abc")).toBe("ABC");
  });

  it("is how the emails and the webhooks' Discord line write an order", () => {
    const orderId = "744484ad-0b1c-4c2e-9f00-123456789abc";
    const mail = contentOf(
      { template: "order_status", to: "a@b.test", data: { orderId, status: "completed", robloxUsername: "Builder_42", total: 999 } },
      { shopName: "Shop", publicUrl: "https://shop.test", supportEmail: "s@shop.test" },
    );
    expect(mail.subject).toContain("#744484AD");
    const line = discordContent({ event: "order.late", orderId, dueAt: "2026-01-01T00:00:00.000Z" }, "Shop", "https://shop.test/admin");
    expect(line).toContain("Order #744484AD is late");
  });
});
