import { describe, expect, it } from "vitest";
import type { StoredEvent } from "#domain/analytics/events.ts";
import { orderIdOf, webhookFactsOf, type OrderFacts } from "#domain/webhooks/webhook-facts.ts";
import { discordContent } from "#domain/webhooks/webhook.ts";

// Issue 46: webhooks announce an order for delivery only when it may be delivered.
const at = new Date("2026-12-01T10:00:00Z");
const event = (e: Pick<StoredEvent, "type" | "payload">): StoredEvent =>
  ({ ...e, id: 1, version: 1, occurredAt: at, visitorId: null, userId: "u" }) as StoredEvent;
const order = (riskState: string, status = "pending"): OrderFacts => ({ riskState, status, totalCents: 1999, robloxUsername: "AccBuyer", itemCount: 1 });
const released = event({ type: "OrderReleased", payload: { orderId: "o1", dueAt: at.toISOString() } });

describe("webhookFactsOf", () => {
  it("announces order.paid when the order is released: not held, or approved", () => {
    const paid = { event: "order.paid", orderId: "o1", total: "19.99", itemCount: 1, robloxUsername: "AccBuyer" };
    expect(webhookFactsOf(released, order("clear"))).toEqual({ ...paid, reviewed: false });
    expect(webhookFactsOf(released, order("approved"))).toEqual({ ...paid, reviewed: true });
    // Defensive: a release read while the order is held, rejected or cancelled tells nothing.
    for (const facts of [order("held"), order("rejected"), order("clear", "cancelled"), null]) expect(webhookFactsOf(released, facts)).toBeNull();
  });

  it("never announces on the payment itself: placed, paid after awaiting, or held", () => {
    expect(orderIdOf(event({ type: "OrderPlaced", payload: { orderId: "o1", total: 1999, itemCount: 1 } }))).toBeNull();
    expect(webhookFactsOf(event({ type: "OrderPlaced", payload: { orderId: "o1", total: 1999, itemCount: 1 } }), order("clear"))).toBeNull();
    expect(
      webhookFactsOf(event({ type: "OrderPaymentChanged", payload: { orderId: "o1", from: "awaiting", to: "paid", total: 1999 } }), order("clear")),
    ).toBeNull();
    expect(webhookFactsOf(event({ type: "OrderHeld", payload: { orderId: "o1", score: 60, total: 1999 } }), order("held"))).toBeNull();
  });

  it("says in Discord's line that an approved order was reviewed", () => {
    const facts = webhookFactsOf(released, order("approved"))!;
    expect(discordContent(facts, "Shop", "https://s.test/admin")).toBe(
      "**Shop** New paid order #O1 (approved after review): 1 item, $19.99, deliver to AccBuyer\nhttps://s.test/admin",
    );
    expect(discordContent({ event: "order.held", orderId: "o1" }, "Shop", "https://s.test/admin")).toContain("is on hold for review: do not deliver it");
  });

  it("tells an announced order held after all (a blocklist entry after payment) as order.held", () => {
    expect(webhookFactsOf(event({ type: "OrderHeld", payload: { orderId: "o1", score: 100, total: 1999, afterRelease: true } }), order("held"))).toEqual({
      event: "order.held",
      orderId: "o1",
    });
  });

  it("tells nothing else of a held or rejected order: no refund, delivery or lateness", () => {
    const others = [
      event({ type: "OrderRefunded", payload: { orderId: "o1", refundId: "r", amount: 1999, destination: "payment", reason: "x" } }),
      event({ type: "OrderDelivered", payload: { orderId: "o1", paidAt: at.toISOString(), dueAt: at.toISOString(), minutes: 3, late: false } }),
      event({ type: "OrderLate", payload: { orderId: "o1", dueAt: at.toISOString() } }),
    ];
    for (const e of others) {
      expect(orderIdOf(e)).toBe("o1");
      expect(webhookFactsOf(e, order("rejected", "cancelled")), e.type).toBeNull();
      expect(webhookFactsOf(e, order("held")), e.type).toBeNull();
      expect(webhookFactsOf(e, order("approved")), e.type).not.toBeNull();
    }
  });
});
