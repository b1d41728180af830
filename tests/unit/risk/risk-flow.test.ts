import { describe, expect, it } from "vitest";
import { addToCart } from "#domain/cart/add-to-cart.ts";
import { capturePayment } from "#domain/checkout/capture-payment.ts";
import { changeOrderStatus } from "#domain/fulfilment/change-order-status.ts";
import { recordRiskDecision, REJECTED_REASON } from "#domain/risk/decide-risk.ts";
import { reconcilePayments, refundQueuedCapture } from "#domain/payments/reconcile-payments.ts";
import { prepareCheckout } from "#domain/checkout/prepare-checkout.ts";
import { startPayment } from "#domain/checkout/start-payment.ts";
import { isDomainError } from "#domain/shared/domain-error.ts";
import { holdBlockedOrders } from "#domain/risk/hold-blocked-orders.ts";
import { BLOCKLISTED_REASON } from "#domain/risk/risk-rules.ts";
import { dragonFruitShop } from "../../fakes/shop-world.ts";
import { paymentGateways } from "#domain/payments/payment-gateways.ts";

const SLA = { slaMinutes: 20 };

function world() {
  const { shop, clock, ids, payments } = dragonFruitShop();
  const deps = { unitOfWork: shop.ordering, clock, ids, gateways: paymentGateways([payments.gateway]), provider: "sandbox", delivery: SLA };
  const prepare = async (userId: string, robloxUsername = "B_1") => {
    await addToCart({ shopper: { kind: "user", userId }, visitorId: "v", productId: "p1", quantity: 2 }, { unitOfWork: shop.cart, clock, ids });
    const line = shop.state.cart.find((l) => l.owner === `user:${userId}`)!;
    const claim = {
      email: "a@shop.test",
      robloxUsername,
      total: 5000,
      discountCodeId: null,
      discountAmount: null,
      useStoreCredit: false,
      cartItems: [{ id: line.id, quantity: 2 }],
    };
    return prepareCheckout({ userId, claim, clientIp: "10.0.0.9" }, deps);
  };
  async function order(userId: string, clientIp: string | null = null) {
    await prepare(userId);
    const { id } = await startPayment({ userId }, deps);
    return (await capturePayment({ userId, visitorId: "v", paymentId: id, clientIp }, deps)).order;
  }
  return { shop, clock, deps, prepare, order, payments, risk: shop.state.risk! };
}

describe("held for review (issue 37)", () => {
  it("a low score goes to delivery at once: the clock runs", async () => {
    const w = world();
    const placed = await w.order("u1");
    expect(w.risk.orders[placed.id]?.state).toBe("clear");
    expect(placed.delivery.dueAt).not.toBeNull();
  });

  it("a score over the hold threshold is paid but has no deadline, and the shopper is told", async () => {
    const w = world();
    w.risk.facts = { pastDisputes: 1 };
    const placed = await w.order("u1");
    const stored = w.shop.state.orders.find((o) => o.id === placed.id)!;
    expect(w.risk.orders[placed.id]).toMatchObject({ state: "held", score: 100 });
    expect(stored.delivery.paidAt).not.toBeNull();
    expect(stored.delivery.dueAt).toBeNull();
    expect(w.shop.state.mail.some((m) => m.template === "order_held")).toBe(true);
    expect(w.shop.state.timeline.map((t) => t.kind)).toContain("held");
    // The analytics count it (issue 37), from the event appended in the same transaction.
    expect(w.shop.state.events.filter((e) => e.type === "OrderHeld").map((e) => e.payload)).toEqual([{ orderId: placed.id, score: 100, total: 5000 }]);
  });

  it("a held order cannot be processed or completed before approval (409), but can be cancelled", async () => {
    const w = world();
    w.risk.facts = { pastDisputes: 1 };
    const placed = await w.order("u1");
    const attempt = changeOrderStatus({ orderId: placed.id, to: "processing", actorUserId: "admin", visitorId: null }, w.deps);
    await expect(attempt).rejects.toSatisfy((e) => isDomainError(e) && e.code === "order_held_for_review");
  });

  it("approve starts the clock from the approval, once", async () => {
    const w = world();
    w.risk.facts = { pastDisputes: 1 };
    const placed = await w.order("u1");
    w.clock.advance(30 * 60_000);
    const approvedAt = w.clock.now();
    const { risk, refundCaptureId } = await recordRiskDecision({ orderId: placed.id, decision: "approve", note: "known buyer", actorId: "admin" }, w.deps);
    expect(risk.state).toBe("approved");
    expect(refundCaptureId).toBeNull();
    const stored = w.shop.state.orders.find((o) => o.id === placed.id)!;
    expect(stored.delivery.dueAt?.getTime()).toBe(approvedAt.getTime() + 20 * 60_000);
    const again = recordRiskDecision({ orderId: placed.id, decision: "reject", note: "", actorId: "admin" }, w.deps);
    await expect(again).rejects.toSatisfy((e) => isDomainError(e) && e.code === "order_not_held");
    // One decision, one event: the refused second decision appended none.
    expect(w.shop.state.events.filter((e) => e.type === "OrderRiskDecided").map((e) => e.payload)).toEqual([
      { orderId: placed.id, decision: "approved", total: 5000 },
    ]);
  });

  const reconcile = { worker: "w1", leaseMs: 60_000, recheckMs: 300_000 };

  it("reject cancels (stock back), records the refund and queues it in one transaction; the queued refund is made once", async () => {
    const w = world();
    w.risk.facts = { pastDisputes: 1 };
    const placed = await w.order("u1");
    expect(w.shop.state.products[0]!.stock).toBe(3);
    const decided = await recordRiskDecision({ orderId: placed.id, decision: "reject", note: "stolen account", actorId: "admin" }, w.deps);
    expect(decided).toMatchObject({ risk: { state: "rejected" }, refundCaptureId: placed.captureId });
    expect(w.shop.state.events.filter((e) => e.type === "OrderRiskDecided").map((e) => e.payload)).toEqual([
      { orderId: placed.id, decision: "rejected", total: 5000 },
    ]);
    const stored = w.shop.state.orders.find((o) => o.id === placed.id)!;
    expect(stored.status).toBe("cancelled");
    expect(stored.paymentStatus).toBe("refunded");
    expect(w.shop.state.products[0]!.stock).toBe(5);
    expect(w.shop.state.mail.find((m) => m.template === "order_refunded")?.data).toMatchObject({ reason: REJECTED_REASON, amount: 5000 });
    expect(w.shop.state.mail.filter((m) => m.template === "order_status")).toHaveLength(1);
    // Nothing asked of PayPal inside the transaction: the refund is queued, then made once.
    expect(w.payments.refunds).toEqual([]);
    expect(await refundQueuedCapture(placed.captureId!, { ...w.deps, ...reconcile })).toMatchObject({ changed: true });
    expect(await reconcilePayments({ ...w.deps, ...reconcile, everything: true })).toEqual([]);
    expect(w.payments.refunds).toEqual([{ captureId: placed.captureId, amount: 5000, requestId: `refund-${placed.captureId}` }]);
  });

  it("a rejection whose cancellation fails changes nothing: no decision, no refund queued, still held", async () => {
    const w = world();
    w.risk.facts = { pastDisputes: 1 };
    const placed = await w.order("u1");
    // The order changed under the rejection (another admin cancelled it through a stale read): simulated by a failing status write.
    const failing = {
      ...w.deps,
      unitOfWork: {
        run: <T>(work: (r: any) => Promise<T>) => w.shop.ordering.run((r) => work({ ...r, orders: { ...r.orders, changeStatus: async () => false } })),
      },
    };
    await expect(recordRiskDecision({ orderId: placed.id, decision: "reject", note: "", actorId: "admin" }, failing)).rejects.toSatisfy(
      (e) => isDomainError(e) && e.kind === "conflict",
    );
    // Read afresh: the rollback put back a copy of the whole state.
    expect(w.shop.state.risk!.orders[placed.id]?.state).toBe("held");
    expect(w.shop.state.events.some((e) => e.type === "OrderRiskDecided")).toBe(false);
    expect(w.shop.state.orders.find((o) => o.id === placed.id)!.status).not.toBe("cancelled");
    expect(w.shop.state.products[0]!.stock).toBe(3);
    expect(await reconcilePayments({ ...w.deps, ...reconcile, everything: true })).toEqual([]);
  });

  it("a refund call that fails after the rejection committed is made later by the queue, with the same request id", async () => {
    const w = world();
    w.risk.facts = { pastDisputes: 1 };
    const placed = await w.order("u1");
    await recordRiskDecision({ orderId: placed.id, decision: "reject", note: "", actorId: "admin" }, w.deps);
    const down = { ...w.payments.gateway, refundCapture: async () => Promise.reject(new Error("PayPal is down")) };
    expect(await refundQueuedCapture(placed.captureId!, { ...w.deps, ...reconcile, gateways: paymentGateways([down]) })).toMatchObject({ changed: false });
    expect(w.payments.refunds).toEqual([]);
    w.clock.advance(10 * 60_000);
    expect(await reconcilePayments({ ...w.deps, ...reconcile })).toEqual([expect.objectContaining({ kind: "refund", changed: true })]);
    expect(w.payments.refunds).toEqual([{ captureId: placed.captureId, amount: 5000, requestId: `refund-${placed.captureId}` }]);
  });

  it("a blocked Roblox username cannot check out (403), whatever its case", async () => {
    const w = world();
    w.risk.blocks.push({ id: "b1", kind: "roblox_username", value: "thief_1", note: "", expiresAt: null, createdAt: new Date(), createdBy: "admin" });
    await expect(w.prepare("u1", "Thief_1")).rejects.toSatisfy((e) => isDomainError(e) && e.kind === "forbidden" && !e.message.includes("Thief"));
    await expect(w.prepare("u2", "Friend_2")).resolves.toMatchObject({ total: 5000 });
  });

  it("the capture's payer and the buyer's address are stored with the order, normalised, and a blocked payer id holds it", async () => {
    const w = world();
    w.payments.payAs({ id: "QYR5Z8XDVJNXQ", email: " Customer@Example.com ", country: "gb" });
    const placed = await w.order("u1", "203.0.113.7");
    expect(w.risk.parties[placed.id]).toEqual({
      userId: "u1",
      payerId: "qyr5z8xdvjnxq",
      payerEmail: "customer@example.com",
      payerCountry: "GB",
      providerRisk: null,
      clientIp: "203.0.113.7",
      at: w.clock.now(),
    });
    w.risk.blocks.push({ id: "b2", kind: "payer_id", value: "qyr5z8xdvjnxq", note: "", expiresAt: null, createdAt: new Date(), createdBy: "admin" });
    const next = await w.order("u1", "203.0.113.7");
    expect(w.risk.orders[next.id]).toMatchObject({ state: "held" });
  });

  it("a payment without a payer (sandbox, store credit) stores the address alone", async () => {
    const w = world();
    const placed = await w.order("u1", null);
    expect(w.risk.parties[placed.id]).toMatchObject({ payerId: null, payerEmail: null, payerCountry: null, clientIp: null });
  });

  it("a blocklist entry added after the payment holds the party's open orders, and only theirs", async () => {
    const w = world();
    w.payments.payAs({ id: "PAYERX", email: "x@example.com", country: "US" });
    const theirs = await w.order("u1", "203.0.113.7");
    w.payments.payAs(null);
    const other = await w.order("u2", "198.51.100.1");
    const entry = { id: "b3", kind: "ip" as const, value: "203.0.113.0/24", note: "", expiresAt: null, createdAt: w.clock.now(), createdBy: "admin" };
    const held = await w.shop.ordering.run((repos) => holdBlockedOrders(repos, entry, w.clock.now()));
    expect(held).toEqual([theirs.id]);
    expect(w.risk.orders[theirs.id]).toMatchObject({ state: "held", reasons: expect.arrayContaining([BLOCKLISTED_REASON]) });
    expect(w.shop.state.orders.find((o) => o.id === theirs.id)!.delivery.dueAt).toBeNull();
    expect(w.risk.orders[other.id]?.state).toBe("clear");
    // Held once: adding it again holds nothing more.
    expect(await w.shop.ordering.run((repos) => holdBlockedOrders(repos, entry, w.clock.now()))).toEqual([]);
  });

  it("an order is released for delivery (OrderReleased) when paid and clear, or when approved; never while held or when rejected (issue 46)", async () => {
    const w = world();
    w.shop.state.products[0]!.stock = 100;
    const releases = () => w.shop.state.events.filter((e) => e.type === "OrderReleased").map((e) => (e.payload as { orderId: string }).orderId);
    const clear = await w.order("u1");
    expect(releases()).toEqual([clear.id]);
    w.risk.facts = { pastDisputes: 1 };
    const approved = await w.order("u2");
    const rejected = await w.order("u3");
    expect(releases()).toEqual([clear.id]);
    await recordRiskDecision({ orderId: approved.id, decision: "approve", note: "", actorId: "admin" }, w.deps);
    await recordRiskDecision({ orderId: rejected.id, decision: "reject", note: "", actorId: "admin" }, w.deps);
    expect(releases()).toEqual([clear.id, approved.id]);
    // Held after its release (a blocklist entry): OrderHeld says it was released before.
    const entry = { id: "b9", kind: "roblox_username" as const, value: "b_1", note: "", expiresAt: null, createdAt: w.clock.now(), createdBy: "admin" };
    expect(await w.shop.ordering.run((repos) => holdBlockedOrders(repos, entry, w.clock.now()))).toEqual([clear.id, approved.id]);
    const held = w.shop.state.events.filter((e) => e.type === "OrderHeld").map((e) => e.payload);
    expect(held.slice(-2)).toEqual([
      expect.objectContaining({ orderId: clear.id, afterRelease: true }),
      expect.objectContaining({ orderId: approved.id, afterRelease: true }),
    ]);
    // Held at payment it was never released: its OrderHeld says nothing of a release.
    expect(held.find((p) => (p as { orderId: string }).orderId === rejected.id)).not.toHaveProperty("afterRelease");
  });
});
