import { describe, expect, it } from "vitest";
import { addToCart } from "#domain/cart/add-to-cart.ts";
import { capturePayment } from "#domain/checkout/capture-payment.ts";
import { changeOrderStatus } from "#domain/fulfilment/change-order-status.ts";
import { amountPaidNetOfRefunds } from "#domain/orders/order.ts";
import { prepareCheckout } from "#domain/checkout/prepare-checkout.ts";
import { reconcilePayments } from "#domain/payments/reconcile-payments.ts";
import { refundOrder } from "#domain/payments/refund-order.ts";
import { applyProviderEvent, ORPHAN_CAPTURE_GRACE_MS } from "#domain/payments/settle-payment.ts";
import { startPayment } from "#domain/checkout/start-payment.ts";
import { refundable } from "#domain/payments/order-payment.ts";
import { statusAfterRefund } from "#domain/payments/payment-state.ts";
import { dragonFruitShop } from "../../fakes/shop-world.ts";
import { paymentGateways } from "#domain/payments/payment-gateways.ts";

function world() {
  const { shop, clock, ids, payments } = dragonFruitShop();
  const deps = { unitOfWork: shop.ordering, clock, ids, gateways: paymentGateways([payments.gateway]), provider: "sandbox" };
  /** Two Dragon Fruits in the cart, a prepared checkout and a payment started: its payment id. */
  async function startedPayment(userId: string): Promise<string> {
    await addToCart({ shopper: { kind: "user", userId }, visitorId: "v", productId: "p1", quantity: 2 }, { unitOfWork: shop.cart, clock, ids });
    const line = shop.state.cart.find((l) => l.owner === `user:${userId}`)!;
    await prepareCheckout(
      {
        userId,
        claim: {
          email: "a@shop.test",
          robloxUsername: "B_1",
          total: 5000,
          discountCodeId: null,
          discountAmount: null,
          useStoreCredit: false,
          cartItems: [{ id: line.id, quantity: 2 }],
        },
      },
      deps,
    );
    const { id } = await startPayment({ userId }, deps);
    return id;
  }
  async function order(userId: string, options: { pending?: boolean } = {}) {
    const id = await startedPayment(userId);
    if (options.pending) payments.pend(id);
    const outcome = await capturePayment({ userId, visitorId: "v", paymentId: id }, deps);
    return outcome.order;
  }
  const refund = (orderId: string, over: Partial<Parameters<typeof refundOrder>[0]> = {}) =>
    refundOrder({ orderId, amount: null, destination: "payment", reason: "test", idempotencyKey: null, actorId: "admin", ...over }, deps);
  /** A checkout paid at the provider whose placement the store never saw: the capture call's answer was lost. */
  async function capturedWithoutOrder(userId: string) {
    const id = await startedPayment(userId);
    const capture = await payments.gateway.captureOrder({ orderId: id, requestId: `capture-${id}` });
    if (capture.status !== "completed") throw new Error("the fake gateway should have captured");
    return { paymentId: id, captureId: capture.captureId };
  }
  return { shop, clock, ids, payments, deps, order, refund, capturedWithoutOrder };
}

describe("payment rules", () => {
  it("what is left to refund: of the total, and of what the payment took", () => {
    expect(refundable({ total: 5000, creditApplied: 1000, refunded: 0, refundedToPayment: 0 })).toEqual({ total: 5000, toPayment: 4000 });
    expect(refundable({ total: 5000, creditApplied: 1000, refunded: 4500, refundedToPayment: 3500 })).toEqual({ total: 500, toPayment: 500 });
    expect(refundable({ total: 5000, creditApplied: 5000, refunded: 0, refundedToPayment: 0 }).toPayment).toBe(0);
  });

  it("the payment status after a refund; a reversal or denial stays", () => {
    expect(statusAfterRefund("paid", 5000, 1)).toBe("partially_refunded");
    expect(statusAfterRefund("partially_refunded", 5000, 5000)).toBe("refunded");
    expect(statusAfterRefund("reversed", 5000, 5000)).toBe("reversed");
  });

  it("points are earned on the money paid net of refunds, and none on a reversed payment", () => {
    const order = { total: 5000, creditApplied: 1000, refunded: 2500, paymentStatus: "partially_refunded" as const };
    expect(amountPaidNetOfRefunds(order)).toBe(2000);
    expect(amountPaidNetOfRefunds({ ...order, paymentStatus: "reversed" })).toBe(0);
  });
});

describe("refunds, settlement and reconciliation with in-memory fakes", () => {
  it("refunds in part through the gateway with the refund's own request id, then the rest; never more", async () => {
    const w = world();
    const order = await w.order("u1");
    const first = await w.refund(order.id, { amount: 1000, idempotencyKey: "k" });
    expect(first).toMatchObject({ amount: 1000, status: "completed", destination: "payment" });
    expect(await w.refund(order.id, { amount: 1000, idempotencyKey: "k" })).toEqual(first);
    expect(w.payments.refunds).toEqual([{ captureId: order.captureId, amount: 1000, requestId: `refund-${first.id}` }]);
    await expect(w.refund(order.id, { amount: 4001 })).rejects.toThrow(/At most \$40\.00/);
    await w.refund(order.id, { destination: "store_credit" });
    expect(w.shop.state.storeCredit["u1"]).toBe(4000);
    expect(w.shop.state.orders[0]).toMatchObject({ refunded: 5000, refundedToPayment: 1000, paymentStatus: "refunded" });
    await expect(w.refund(order.id)).rejects.toThrow(/refunded already/);
    expect(w.shop.state.events.filter((e) => e.type === "OrderRefunded").map((e) => e.payload)).toEqual([
      expect.objectContaining({ amount: 1000, destination: "payment" }),
      expect.objectContaining({ amount: 4000, destination: "store_credit" }),
    ]);
    // The shopper is told of each refund once (the idempotent retry mails nothing).
    expect(w.shop.state.mail.filter((m) => m.template === "order_refunded").map((m) => m.data)).toEqual([
      expect.objectContaining({ orderId: order.id, amount: 1000, destination: "payment" }),
      expect.objectContaining({ orderId: order.id, amount: 4000, destination: "store_credit" }),
    ]);
  });

  it("a refund the provider did not confirm stays pending, is a 502 that keeps the provider's error as its cause, and finishes on the same request", async () => {
    const w = world();
    const placed = await w.order("u1");
    const refundCapture = w.payments.gateway.refundCapture;
    const providerDown = new Error("PayPal refund timed out after 15000 ms");
    w.payments.gateway.refundCapture = async () => {
      throw providerDown;
    };
    const lost = await w.refund(placed.id, { idempotencyKey: "k1" }).catch((error: unknown) => error);
    expect(lost).toMatchObject({ kind: "provider_unavailable", code: "refund_not_confirmed", cause: providerDown });
    expect(w.shop.state.payments!.refunds).toEqual([expect.objectContaining({ status: "pending", amount: 5000 })]);
    w.payments.gateway.refundCapture = refundCapture;
    expect(await w.refund(placed.id, { idempotencyKey: "k1" })).toMatchObject({ status: "completed", amount: 5000 });
    expect(w.payments.refunds).toHaveLength(1);
  });

  it("a payment under review: no delivery, no refund; denied by the provider, the order is cancelled and its stock comes back once", async () => {
    const w = world();
    const order = await w.order("u1", { pending: true });
    expect(order.paymentStatus).toBe("awaiting");
    expect(w.shop.state.products[0]!.stock).toBe(3);
    await expect(changeOrderStatus({ orderId: order.id, to: "completed", actorUserId: "a", visitorId: null }, w.deps)).rejects.toThrow(/still being reviewed/);
    await expect(w.refund(order.id)).rejects.toThrow(/not been received/);
    const denied = { id: "EV-1", type: "PAYMENT.CAPTURE.DENIED", kind: "capture_denied", captureId: order.captureId, paymentId: null } as const;
    expect(await w.shop.ordering.run((repos) => applyProviderEvent(repos, denied, w.deps))).toBe("applied");
    expect(await w.shop.ordering.run((repos) => applyProviderEvent(repos, { ...denied, id: "EV-2" }, w.deps))).toBe("unchanged");
    expect(w.shop.state.orders[0]).toMatchObject({ status: "cancelled", paymentStatus: "denied" });
    expect(w.shop.state.products[0]!.stock).toBe(5);
  });

  it("an order cancelled while its payment was reviewed has the payment refunded when PayPal completes it", async () => {
    const w = world();
    const order = await w.order("u1", { pending: true });
    await changeOrderStatus({ orderId: order.id, to: "cancelled", actorUserId: "a", visitorId: null }, w.deps);
    w.payments.completeReview(order.captureId!);
    w.clock.advance(300_000);
    const changes = await reconcilePayments({ ...w.deps, worker: "w1", leaseMs: 60_000, recheckMs: 300_000 });
    expect(changes).toEqual([
      expect.objectContaining({ orderId: order.id, providerSays: "completed", changed: true }),
      expect.objectContaining({ kind: "refund", captureId: order.captureId, changed: true }),
    ]);
    expect(w.payments.refunds).toEqual([{ captureId: order.captureId, amount: 5000, requestId: `refund-${order.captureId}` }]);
    expect(w.shop.state.orders[0]).toMatchObject({ status: "cancelled", paymentStatus: "refunded", refunded: 5000 });
  });

  it("reconciliation settles a reviewed payment once, when it is due", async () => {
    const w = world();
    const order = await w.order("u1", { pending: true });
    const reconcile = () => reconcilePayments({ ...w.deps, worker: "w1", leaseMs: 60_000, recheckMs: 300_000 });
    expect(await reconcile()).toEqual([]);
    w.clock.advance(300_000);
    expect(await reconcile()).toEqual([expect.objectContaining({ orderId: order.id, providerSays: "pending", changed: false })]);
    w.payments.completeReview(order.captureId!);
    w.clock.advance(300_000);
    expect(await reconcile()).toEqual([expect.objectContaining({ orderId: order.id, providerSays: "completed", changed: true })]);
    expect(w.shop.state.orders[0]!.paymentStatus).toBe("paid");
    w.clock.advance(300_000);
    expect(await reconcile()).toEqual([]);
  });

  it("money the provider took for no order is refunded once after a grace period; not when its order is placed meanwhile", async () => {
    const w = world();
    const reconcile = () => reconcilePayments({ ...w.deps, worker: "w1", leaseMs: 60_000, recheckMs: 300_000 });
    const completed = (captureId: string, id: string) =>
      w.shop.ordering.run((repos) =>
        applyProviderEvent(repos, { id, type: "PAYMENT.CAPTURE.COMPLETED", kind: "capture_completed", captureId, paymentId: null, amount: 5000 }, w.deps),
      );

    const lost = await w.capturedWithoutOrder("u1");
    expect(await completed(lost.captureId, "EV-1")).toBe("unknown_order");
    expect(await reconcile()).toEqual([]);
    w.clock.advance(ORPHAN_CAPTURE_GRACE_MS);
    await reconcile();
    w.clock.advance(ORPHAN_CAPTURE_GRACE_MS);
    await reconcile();
    expect(w.payments.refunds).toEqual([{ captureId: lost.captureId, amount: 5000, requestId: `refund-${lost.captureId}` }]);

    // The webhook only outran the capture call: the order is placed, nothing is refunded.
    const slow = await w.capturedWithoutOrder("u2");
    expect(await completed(slow.captureId, "EV-2")).toBe("unknown_order");
    const placed = await capturePayment({ userId: "u2", visitorId: "v", paymentId: slow.paymentId }, w.deps);
    expect(placed.kind).toBe("placed");
    w.clock.advance(ORPHAN_CAPTURE_GRACE_MS);
    expect(await reconcile()).toEqual([expect.objectContaining({ captureId: slow.captureId, providerSays: "order placed", changed: false })]);
    expect(w.payments.refunds).toHaveLength(1);
  });
});
