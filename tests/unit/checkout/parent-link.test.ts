import { describe, expect, it } from "vitest";
import type { PreparedCheckout } from "#domain/checkout/checkout.ts";
import { parentLinkChecks, parentLinkState, type ParentLink } from "#domain/checkout/parent-link.ts";

const now = new Date("2026-12-02T10:00:00Z");
const link: ParentLink = {
  id: "l1",
  checkoutId: "c1",
  userId: "kid",
  parentEmail: "mum@home.test",
  createdAt: new Date("2026-12-02T09:00:00Z"),
  expiresAt: new Date("2026-12-04T09:00:00Z"),
  declinedAt: null,
};
const checkout = (status: PreparedCheckout["status"]) =>
  ({ id: "c1", status, items: [{ productId: "p1", productName: "Fruit", gameId: "g", unitPrice: 500, quantity: 2 }] }) as PreparedCheckout;
const line = (productId: string, quantity: number) => ({ id: `line-${productId}`, productId, quantity });

describe("a parent's payment link (issue 52)", () => {
  it("is open while its checkout is prepared and the cart holds exactly its items", () => {
    expect(parentLinkState(link, checkout("prepared"), [line("p1", 2)], now)).toBe("open");
    expect(parentLinkState(link, checkout("prepared"), [line("p1", 3)], now)).toBe("cart_changed");
    expect(parentLinkState(link, checkout("prepared"), [line("p1", 2), line("p2", 1)], now)).toBe("cart_changed");
    expect(parentLinkState(link, checkout("prepared"), [], now)).toBe("cart_changed");
  });

  it("ends when paid, declined, expired or replaced, paid first (placing the order empties the cart)", () => {
    expect(parentLinkState(link, checkout("completed"), [], now)).toBe("paid");
    expect(parentLinkState({ ...link, declinedAt: now }, checkout("prepared"), [line("p1", 2)], now)).toBe("declined");
    expect(parentLinkState(link, checkout("prepared"), [line("p1", 2)], link.expiresAt)).toBe("expired");
    expect(parentLinkState(link, checkout("replaced"), [line("p1", 2)], now)).toBe("replaced");
    expect(parentLinkState(link, null, [], now)).toBe("replaced");
  });

  it("brakes per child, per parent mailbox (its spellings one) and per address", () => {
    const a = parentLinkChecks({ userId: "kid", parentEmail: "Mum+x@Gmail.com", clientIp: "1.2.3.4" });
    const b = parentLinkChecks({ userId: "kid", parentEmail: "mum@googlemail.com", clientIp: null });
    expect(a.map((c) => c.key)).toContain(b.find((c) => c.key.includes("mailbox"))!.key);
    expect(a.some((c) => c.key.includes("ip:1.2.3.4"))).toBe(true);
  });
});
