import { describe, expect, it } from "vitest";
import { addToCart } from "#domain/cart/add-to-cart.ts";
import { capturePayment } from "#domain/checkout/capture-payment.ts";
import { prepareCheckout } from "#domain/checkout/prepare-checkout.ts";
import { applyProviderEvent } from "#domain/payments/settle-payment.ts";
import { startPayment } from "#domain/checkout/start-payment.ts";
import type { ProviderEvent } from "#domain/payments/payment-gateway.port.ts";
import { isDomainError } from "#domain/shared/domain-error.ts";
import { createFakePaymentGateway } from "../../fakes/fake-payment-gateway.ts";
import { sequentialIds } from "../../fakes/in-memory-catalogue.ts";
import { createInMemoryShopping, manualClock } from "../../fakes/in-memory-shopping.ts";
import { paymentGateways } from "#domain/payments/payment-gateways.ts";

// Issue 37's chargeback memory in the order transactions: a dispute or reversal freezes the account,
// and a frozen account cannot spend its store credit (at prepare, nor when the order is placed).
function world() {
  const shop = createInMemoryShopping();
  const clock = manualClock();
  const ids = sequentialIds("id");
  const payments = createFakePaymentGateway();
  shop.state.products.push({ id: "p1", name: "Dragon Fruit", gameId: "g1", price: 2500, stock: 50 });
  const deps = { unitOfWork: shop.ordering, clock, ids, gateways: paymentGateways([payments.gateway]), provider: "sandbox", delivery: { slaMinutes: 20 } };
  const prepare = async (userId: string, useStoreCredit: boolean) => {
    await addToCart({ shopper: { kind: "user", userId }, visitorId: "v", productId: "p1", quantity: 1 }, { unitOfWork: shop.cart, clock, ids });
    const line = shop.state.cart.find((l) => l.owner === `user:${userId}`)!;
    const claim = {
      email: "a@shop.test",
      robloxUsername: "B_1",
      total: 2500 * line.quantity,
      discountCodeId: null,
      discountAmount: null,
      useStoreCredit,
      cartItems: [{ id: line.id, quantity: line.quantity }],
    };
    return prepareCheckout({ userId, claim }, deps);
  };
  const pay = async (userId: string) => {
    const { id } = await startPayment({ userId }, deps);
    return (await capturePayment({ userId, visitorId: "v", paymentId: id }, deps)).order;
  };
  const event = (e: ProviderEvent) => shop.ordering.run((repos) => applyProviderEvent(repos, e, deps));
  const chargebacks = () => shop.state.chargebacks!;
  return { shop, clock, prepare, pay, event, chargebacks };
}

const onHold = (e: unknown) => isDomainError(e) && e.code === "balance_on_hold" && !/dispute|chargeback|reversal/i.test(e.message);

describe("chargeback memory (issue 37)", () => {
  it("a dispute freezes the account once, in the webhook's transaction, with the amount at stake", async () => {
    const w = world();
    await w.prepare("u1", false);
    const order = await w.pay("u1");
    const opened = {
      id: "EV-1",
      type: "CUSTOMER.DISPUTE.CREATED",
      kind: "dispute_opened",
      disputeId: "D1",
      outcome: null,
      captureId: order.captureId,
      paymentId: null,
    } as const;
    expect(await w.event(opened)).toBe("applied");
    expect(await w.event({ ...opened, id: "EV-2" })).toBe("unchanged");
    expect(w.chargebacks().chargebacks).toEqual([expect.objectContaining({ orderId: order.id, kind: "dispute", userId: "u1", amount: 2500, outcome: null })]);
    expect(w.chargebacks().freezes["u1"]).toMatchObject({ orderId: order.id, clearedAt: null });
    const resolved = { ...opened, id: "EV-3", type: "CUSTOMER.DISPUTE.RESOLVED", kind: "dispute_resolved", outcome: "RESOLVED_BUYER_FAVOUR" } as const;
    expect(await w.event(resolved)).toBe("applied");
    expect(w.chargebacks().chargebacks[0]).toMatchObject({ outcome: "RESOLVED_BUYER_FAVOUR" });
    // The analytics hear of it once each, with the money lost (issue 37).
    const analytics = w.shop.state.events.filter((e) => e.type === "ChargebackRecorded" || e.type === "DisputeEnded");
    expect(analytics.map((e) => [e.type, e.payload])).toEqual([
      ["ChargebackRecorded", { orderId: order.id, kind: "dispute", amount: 2500 }],
      ["DisputeEnded", { orderId: order.id, outcome: "RESOLVED_BUYER_FAVOUR", lost: true }],
    ]);
  });

  it("a reversal freezes the account with what the provider took back", async () => {
    const w = world();
    await w.prepare("u1", false);
    const order = await w.pay("u1");
    const reversed = { id: "EV-1", type: "PAYMENT.CAPTURE.REVERSED", kind: "capture_reversed", captureId: order.captureId, paymentId: null } as const;
    expect(await w.event(reversed)).toBe("applied");
    expect(w.chargebacks().chargebacks).toEqual([expect.objectContaining({ kind: "reversal", amount: 2500 })]);
    expect(w.shop.state.events.filter((e) => e.type === "ChargebackRecorded").map((e) => e.payload)).toEqual([
      { orderId: order.id, kind: "reversal", amount: 2500 },
    ]);
    expect(w.chargebacks().freezes["u1"]?.clearedAt).toBeNull();
  });

  it("a frozen account cannot prepare with store credit (a non-revealing 409) but may pay in full", async () => {
    const w = world();
    w.shop.state.storeCredit["u1"] = 1000;
    await w.shop.ordering.run((r) => r.chargebacks.freeze("u1", "o0", w.clock.now()));
    await expect(w.prepare("u1", true)).rejects.toSatisfy(onHold);
    expect((await w.prepare("u1", false)).creditApplied).toBe(0);
  });

  it("frozen between prepare and payment: the order is not placed, the credit is not spent, the payment goes back", async () => {
    const w = world();
    w.shop.state.storeCredit["u1"] = 1000;
    expect((await w.prepare("u1", true)).creditApplied).toBe(1000);
    await w.shop.ordering.run((r) => r.chargebacks.freeze("u1", "o0", w.clock.now()));
    await expect(w.pay("u1")).rejects.toSatisfy((e) => isDomainError(e) && e.code === "balance_on_hold");
    expect(w.shop.state.orders).toHaveLength(0);
    expect(w.shop.state.storeCredit["u1"]).toBe(1000);
  });

  it("a cleared freeze lets the credit be spent again; clearing twice finds nothing to clear", async () => {
    const w = world();
    w.shop.state.storeCredit["u1"] = 1000;
    await w.shop.ordering.run((r) => r.chargebacks.freeze("u1", "o0", w.clock.now()));
    const clearance = { by: "owner", note: "Checked with the bank", at: w.clock.now() };
    expect(await w.shop.ordering.run((r) => r.chargebacks.clear("u1", clearance))).toBe(true);
    expect(await w.shop.ordering.run((r) => r.chargebacks.clear("u1", clearance))).toBe(false);
    expect((await w.prepare("u1", true)).creditApplied).toBe(1000);
  });
});
