import { describe, expect, it } from "vitest";
import { DELIVERY_METHODS } from "#domain/catalogue/requirements.ts";
import { deliverySteps, orderDeliverySteps } from "#domain/fulfilment/delivery-steps.ts";

describe("delivery steps by method", () => {
  it("every method says who contacts the shopper (the order's chat) and names the account", () => {
    for (const method of DELIVERY_METHODS) {
      const { steps } = deliverySteps(method, "Builder_42");
      expect(steps[0]).toMatch(/message you in this order's chat/);
      expect(steps.join(" ")).toContain("@Builder_42");
    }
  });
  it("says what to accept and what to have ready for each method", () => {
    expect(deliverySteps("trade", "A").steps.join(" ")).toMatch(/Accept only the trade request from the account named in the chat.*trading allowed/s);
    expect(deliverySteps("gift", "A").steps.join(" ")).toMatch(/gifts or mailbox and claim it/);
    expect(deliverySteps("private_server", "A").steps.join(" ")).toMatch(/private server.*share its link.*accept only the trade/is);
    expect(deliverySteps("gamepass", "A").steps.join(" ")).toMatch(/Create a gamepass.*regional pricing turned off.*Post the pass's link/s);
    // Robux by gamepass: the pass was checked at checkout, so it only has to stay as it was.
    expect(deliverySteps("gamepass", "A", { id: 7001, price: 1000 }).steps.join(" ")).toMatch(
      /gamepass #7001: keep it on sale at exactly 1,000 Robux, regional pricing off/,
    );
  });
});

describe("orderDeliverySteps", () => {
  const order = { status: "pending", paidAt: "2026-12-01T10:00:00.000Z", robloxName: "Builder_42" };
  it("lists each method of the items once, in the order they first appear", () => {
    const items = [{ deliveryMethod: "gift" as const }, { deliveryMethod: "trade" as const }, { deliveryMethod: "gift" as const }];
    expect(orderDeliverySteps({ ...order, items }).map((s) => s.label)).toEqual(["Gift or mailbox", "In-game trade"]);
  });
  it("shows nothing before the payment or once the order is completed or cancelled", () => {
    const items = [{ deliveryMethod: "trade" as const }];
    expect(orderDeliverySteps({ ...order, paidAt: null, items })).toEqual([]);
    expect(orderDeliverySteps({ ...order, status: "completed", items })).toEqual([]);
    expect(orderDeliverySteps({ ...order, status: "cancelled", items })).toEqual([]);
    expect(orderDeliverySteps({ ...order, status: "processing", items })).toHaveLength(1);
  });
});
