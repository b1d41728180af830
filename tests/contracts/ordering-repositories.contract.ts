import { describe, expect, it } from "vitest";
import type { PreparedCheckout } from "#domain/checkout/checkout.ts";
import type { Order } from "#domain/orders/order.ts";
import type { OrderingStore } from "#domain/checkout/checkout-repositories.port.ts";
import type { DiscountCode } from "#domain/promotions/discount-code.ts";
import type { UnitOfWork } from "#domain/shared/unit-of-work.port.ts";
import { noClock } from "#domain/orders/delivery-clock.ts";

export interface OrderingFixture {
  /** The order transaction's repositories (the rewards hooks are the rewards module's, tested with it). */
  unitOfWork: UnitOfWork<Omit<OrderingStore<unknown>, "rewardsLedgers">>;
  addProduct(product: { id: string; name: string; price: number; stock: number }): Promise<void>;
  addCode(code: DiscountCode): Promise<void>;
  stockOf(productId: string): Promise<number>;
}

const now = new Date("2026-11-21T10:00:00.000Z");
const later = new Date("2026-11-21T10:20:00.000Z");
const code = (over: Partial<DiscountCode> = {}): DiscountCode => ({
  id: "d1",
  code: "ONCE",
  type: "fixed",
  amount: 100,
  status: "active",
  startDate: null,
  endDate: null,
  usageLimit: 1,
  usageCount: 0,
  minPurchase: null,
  appliesToGame: null,
  createdBy: null,
  ...over,
});
// A checked recipient and gamepass, so the round trip of every column of migrations 0054, 0057 and 0068 is compared.
const checkedRecipient = () => ({
  recipient: {
    userId: 4212042,
    displayName: "Builder",
    avatarUrl: "https://tr.rbxcdn.com/a/150/150/AvatarHeadshot/Png/noFilter",
    verified: true,
    accountCreatedAt: new Date("2019-04-12T16:20:00.000Z"),
    proof: "linked" as const,
  },
  acknowledgedRequirements: [{ code: "trade-license", text: "I have Adopt Me's Trade License." }],
  gamePass: { id: 7001, price: 1000 },
});
/** The money of two units at 5.00, no code and no credit: the checkout's and the order placed from it. */
const TOTALS = { subtotal: 1000, discountCodeId: null, discountCode: null, discount: 0, total: 1000, creditApplied: 0 };
const checkout = (over: Partial<PreparedCheckout> = {}): PreparedCheckout => ({
  id: "c1",
  userId: "u1",
  email: "a@shop.test",
  robloxUsername: "Builder_1",
  items: [{ productId: "p1", productName: "Item", gameId: "g1", unitPrice: 500, quantity: 2 }],
  ...TOTALS,
  status: "prepared",
  paymentId: null,
  createdAt: now,
  expiresAt: new Date(now.getTime() + 15 * 60_000),
  holdStartedAt: now,
  holdRenewals: 0,
  paymentAttempt: 0,
  paymentProvider: null,
  ...checkedRecipient(),
  ...over,
});
const order = (over: Partial<Order> = {}): Order => ({
  id: "o1",
  userId: "u1",
  status: "pending",
  robloxUsername: "Builder_1",
  ...checkedRecipient(),
  email: "a@shop.test",
  items: [{ id: "i1", productId: "p1", productName: "Item", gameId: "g1", unitPrice: 500, quantity: 2 }],
  ...TOTALS,
  paymentProvider: "sandbox",
  paymentId: "PAY-1",
  captureId: "CAP-1",
  checkoutId: "c1",
  stockReturned: false,
  createdAt: now,
  paymentStatus: "paid",
  refunded: 0,
  refundedToPayment: 0,
  dispute: null,
  delivery: noClock,
  robuxDueAt: null,
  ...over,
});

/**
 * What the order modules' ports must do, run against the in-memory fake (unit) and the Kysely repositories on
 * SQLite (integration), so the fake the use-case tests rely on cannot drift from the real database.
 */
export function orderingRepositoriesContract(name: string, make: () => Promise<OrderingFixture>) {
  describe(`ordering repositories contract: ${name}`, () => {
    it("takes stock only when enough is left, and gives it back", async () => {
      const f = await make();
      await f.addProduct({ id: "p1", name: "Item", price: 500, stock: 3 });
      expect(await f.unitOfWork.run((r) => r.stock.takeIfAvailable("p1", 2))).toBe(true);
      expect(await f.unitOfWork.run((r) => r.stock.takeIfAvailable("p1", 2))).toBe(false);
      expect(await f.unitOfWork.run((r) => r.stock.takeIfAvailable("nope", 1))).toBe(false);
      expect(await f.stockOf("p1")).toBe(1);
      await f.unitOfWork.run((r) => r.stock.giveBack("p1", 2));
      expect(await f.stockOf("p1")).toBe(3);
    });

    it("counts a code's uses up to its limit, and tells a deleted code apart", async () => {
      const f = await make();
      await f.addCode(code());
      expect(await f.unitOfWork.run((r) => r.discountUsage.countUseIfAvailable("d1"))).toBe("counted");
      expect(await f.unitOfWork.run((r) => r.discountUsage.countUseIfAvailable("d1"))).toBe("limit_reached");
      expect(await f.unitOfWork.run((r) => r.discountUsage.countUseIfAvailable("gone"))).toBe("gone");
      expect((await f.unitOfWork.run((r) => r.discountCodes.byId("d1")))?.usageCount).toBe(1);
    });

    it("stores one order per payment id, with its items", async () => {
      const f = await make();
      await f.addProduct({ id: "p1", name: "Item", price: 500, stock: 3 });
      expect(await f.unitOfWork.run((r) => r.orders.addIfNewPayment(order(), now))).toBe(true);
      expect(await f.unitOfWork.run((r) => r.orders.addIfNewPayment(order({ id: "o2", items: [{ ...order().items[0]!, id: "i2" }] }), now))).toBe(false);
      expect(await f.unitOfWork.run((r) => r.orders.byPaymentId("PAY-1"))).toEqual(order());
      expect(await f.unitOfWork.run((r) => r.orders.byId("o2"))).toBeNull();
      expect(await f.unitOfWork.run((r) => r.orders.changeStatus("o1", "processing", "completed", false, now, noClock))).toBe(false);
      expect(await f.unitOfWork.run((r) => r.orders.changeStatus("o1", "pending", "cancelled", true, now, noClock))).toBe(true);
      expect(await f.unitOfWork.run((r) => r.orders.byId("o1"))).toMatchObject({ status: "cancelled", stockReturned: true });
    });

    it("starts an order's delivery clock once, marks it late once and compensates it once", async () => {
      const f = await make();
      const due = new Date(now.getTime() + 20 * 60_000);
      const run = <T>(work: (r: Omit<OrderingStore<unknown>, "rewardsLedgers">) => Promise<T>) => f.unitOfWork.run(work);
      await run((r) => r.orders.addIfNewPayment(order(), now));
      expect(await run((r) => r.orders.startClock("o1", { paidAt: now, dueAt: due, promiseMinutes: 20 }))).toBe(true);
      expect(await run((r) => r.orders.startClock("o1", { paidAt: later, dueAt: later, promiseMinutes: 20 }))).toBe(false);
      expect((await run((r) => r.orders.byId("o1")))?.delivery).toMatchObject({ paidAt: now, dueAt: due, lateAt: null, compensatedAt: null });

      const claim = (at: Date, except: string[] = [], compensating = true) =>
        run(async (r) => (await r.orders.claimOverdue(at, { compensating, except }))?.id ?? null);
      expect(await claim(now)).toBeNull();
      expect(await claim(due)).toBe("o1");
      expect(await claim(due, ["o1"])).toBeNull();
      expect(await run((r) => r.orders.markLate("o1", due))).toBe(true);
      expect(await run((r) => r.orders.markLate("o1", later))).toBe(false);
      expect(await claim(due, [], false)).toBeNull(); // late already, nothing to compensate
      expect(await claim(due)).toBe("o1"); // late, not yet compensated
      expect(await run((r) => r.orders.markCompensated("o1", due, 500))).toBe(true);
      expect(await run((r) => r.orders.markCompensated("o1", later, 500))).toBe(false);
      expect(await claim(later)).toBeNull();
      expect((await run((r) => r.orders.byId("o1")))?.delivery).toMatchObject({ lateAt: due, compensatedAt: due, compensationPoints: 500 });

      // Delivered in time: not overdue. Cancelled: never. Not paid: no clock.
      await run((r) => r.orders.addIfNewPayment(order({ id: "o2", paymentId: "PAY-2", items: [] }), now));
      await run((r) => r.orders.startClock("o2", { paidAt: now, dueAt: due, promiseMinutes: 20 }));
      await run((r) => r.orders.changeStatus("o2", "pending", "completed", false, now, { ...noClock, paidAt: now, dueAt: due, deliveredAt: now }));
      await run((r) => r.orders.addIfNewPayment(order({ id: "o3", paymentId: "PAY-3", items: [] }), now));
      await run((r) => r.orders.startClock("o3", { paidAt: now, dueAt: due, promiseMinutes: 20 }));
      await run((r) => r.orders.changeStatus("o3", "pending", "cancelled", true, now, { ...noClock, paidAt: now, dueAt: due }));
      await run((r) => r.orders.addIfNewPayment(order({ id: "o4", paymentId: "PAY-4", items: [] }), now));
      expect(await claim(later, ["o1"])).toBeNull();
      expect((await run((r) => r.orders.byId("o2")))?.delivery).toMatchObject({ deliveredAt: now, lateAt: null });
    });

    it("claims pending, unstarted orders near their deadline for the warning, once", async () => {
      const f = await make();
      const run = <T>(work: (r: Omit<OrderingStore<unknown>, "rewardsLedgers">) => Promise<T>) => f.unitOfWork.run(work);
      const due = new Date(now.getTime() + 20 * 60_000);
      await run((r) => r.orders.addIfNewPayment(order(), now));
      await run((r) => r.orders.startClock("o1", { paidAt: now, dueAt: due, promiseMinutes: 20 }));
      const claim = (at: Date) => run(async (r) => (await r.orders.claimAtRisk(at, 5 * 60_000, []))?.id ?? null);
      expect(await claim(now)).toBeNull(); // 20 minutes left
      const fiveBefore = new Date(due.getTime() - 5 * 60_000);
      expect(await claim(fiveBefore)).toBe("o1");
      expect(await run((r) => r.orders.markAtRisk("o1", fiveBefore))).toBe(true);
      expect(await run((r) => r.orders.markAtRisk("o1", fiveBefore))).toBe(false);
      expect(await claim(fiveBefore)).toBeNull();
      expect((await run((r) => r.orders.byId("o1")))?.delivery.atRiskAt).toEqual(fiveBefore);
    });

    it("holds a prepared checkout's units from others until it expires, is replaced or completes", async () => {
      const f = await make();
      await f.addProduct({ id: "p1", name: "Item", price: 500, stock: 3 });
      await f.unitOfWork.run((r) => r.checkouts.add(checkout()));
      const available = (userId: string | null, at = now) => f.unitOfWork.run(async (r) => (await r.products.product("p1", userId, at))?.available);
      expect(await available(null)).toBe(1);
      expect(await available("u2")).toBe(1);
      expect(await available("u1")).toBe(3);
      expect(await available("u2", later)).toBe(3);
      expect(await f.unitOfWork.run((r) => r.checkouts.currentOf("u1"))).toEqual(checkout());

      expect(await f.unitOfWork.run((r) => r.checkouts.attachPayment("c1", "PAY-9", "paypal"))).toBe(true);
      expect(await f.unitOfWork.run((r) => r.checkouts.attachPayment("c1", "PAY-10", "stripe"))).toBe(false);
      expect(await f.unitOfWork.run((r) => r.checkouts.byPaymentId("PAY-9"))).toMatchObject({ id: "c1", paymentProvider: "paypal" });

      await f.unitOfWork.run((r) => r.checkouts.replacePrepared("u1"));
      expect(await available(null)).toBe(3);
      expect(await f.unitOfWork.run((r) => r.checkouts.currentOf("u1"))).toBeNull();
      expect((await f.unitOfWork.run((r) => r.checkouts.byPaymentId("PAY-9")))?.status).toBe("replaced");

      await f.unitOfWork.run((r) => r.checkouts.add(checkout({ id: "c2" })));
      await f.unitOfWork.run((r) => r.checkouts.complete("c2"));
      expect(await available(null)).toBe(3);
    });

    it("a parent's link (issue 52): found by its token only, one open per checkout, declined once; its checkout held longer, never shorter", async () => {
      const f = await make();
      await f.addProduct({ id: "p1", name: "Item", price: 500, stock: 3 });
      await f.unitOfWork.run((r) => r.checkouts.add(checkout()));
      const until = new Date(now.getTime() + 48 * 3600_000);
      const first = await f.unitOfWork.run((r) =>
        r.parentLinks.add({ checkoutId: "c1", userId: "u1", parentEmail: "mum@home.test", createdAt: now, expiresAt: until }),
      );
      const second = await f.unitOfWork.run((r) =>
        r.parentLinks.add({ checkoutId: "c1", userId: "u1", parentEmail: "dad@home.test", createdAt: later, expiresAt: until }),
      );
      expect(first).not.toBe(second);
      expect(await f.unitOfWork.run((r) => r.parentLinks.byToken("no-such-token"))).toBeNull();
      // Sending a new link ends the checkout's earlier one.
      expect((await f.unitOfWork.run((r) => r.parentLinks.byToken(first)))?.expiresAt).toEqual(later);
      const link = await f.unitOfWork.run((r) => r.parentLinks.byToken(second));
      expect(link).toEqual({
        id: link!.id,
        checkoutId: "c1",
        userId: "u1",
        parentEmail: "dad@home.test",
        createdAt: later,
        expiresAt: until,
        declinedAt: null,
      });
      expect(await f.unitOfWork.run((r) => r.parentLinks.decline(link!.id, later))).toBe(true);
      expect(await f.unitOfWork.run((r) => r.parentLinks.decline(link!.id, later))).toBe(false);
      expect((await f.unitOfWork.run((r) => r.parentLinks.byToken(second)))?.declinedAt).toEqual(later);

      await f.unitOfWork.run((r) => r.checkouts.extendHold("c1", until));
      await f.unitOfWork.run((r) => r.checkouts.extendHold("c1", later));
      expect((await f.unitOfWork.run((r) => r.checkouts.byId("c1")))?.expiresAt).toEqual(until);
      const available = await f.unitOfWork.run(async (r) => (await r.products.product("p1", "u2", new Date(until.getTime() - 60_000)))?.available);
      expect(available).toBe(1);
      expect(await f.unitOfWork.run((r) => r.checkouts.byId("nope"))).toBeNull();
    });

    it("keeps nothing of a unit of work that fails", async () => {
      const f = await make();
      await f.addProduct({ id: "p1", name: "Item", price: 500, stock: 3 });
      await expect(
        f.unitOfWork.run(async (r) => {
          await r.stock.takeIfAvailable("p1", 3);
          await r.orders.addIfNewPayment(order(), now);
          throw new Error("boom");
        }),
      ).rejects.toThrow("boom");
      expect(await f.stockOf("p1")).toBe(3);
      expect(await f.unitOfWork.run((r) => r.orders.byPaymentId("PAY-1"))).toBeNull();
    });

    it("payments: refunds once per idempotency key, refunded totals within their limits, conditional payment status, events once", async () => {
      const f = await make();
      await f.addProduct({ id: "p1", name: "Item", price: 500, stock: 3 });
      await f.unitOfWork.run((r) => r.orders.addIfNewPayment(order(), now));
      const refund = {
        id: "r1",
        orderId: "o1",
        amount: 300,
        destination: "payment" as const,
        status: "pending" as const,
        reason: "x",
        idempotencyKey: "k",
        providerRefundId: null,
        actorId: "a",
        createdAt: now,
      };
      expect(await f.unitOfWork.run((r) => r.payments.addRefund(refund))).toBe(true);
      expect(await f.unitOfWork.run((r) => r.payments.addRefund({ ...refund, id: "r2" }))).toBe(false);
      await f.unitOfWork.run((r) => r.payments.setRefundStatus("r1", "completed", "PP-R1"));
      expect(await f.unitOfWork.run((r) => r.payments.refundByKey("o1", "k"))).toEqual({ ...refund, status: "completed", providerRefundId: "PP-R1" });
      expect(await f.unitOfWork.run((r) => r.payments.refundByProviderId("PP-R1"))).toMatchObject({ id: "r1" });
      const limits = { maxTotal: 1000, maxToPayment: 800 };
      expect(await f.unitOfWork.run((r) => r.payments.addRefunded("o1", 700, true, limits))).toBe(true);
      expect(await f.unitOfWork.run((r) => r.payments.addRefunded("o1", 200, true, limits))).toBe(false);
      expect(await f.unitOfWork.run((r) => r.payments.addRefunded("o1", 300, false, limits))).toBe(true);
      expect(await f.unitOfWork.run((r) => r.payments.addRefunded("o1", 1, false, limits))).toBe(false);
      expect(await f.unitOfWork.run((r) => r.orders.byId("o1"))).toMatchObject({ refunded: 1000, refundedToPayment: 700 });
      expect(await f.unitOfWork.run((r) => r.payments.setPaymentStatus("o1", ["awaiting"], "paid", now))).toBe(false);
      expect(await f.unitOfWork.run((r) => r.payments.setPaymentStatus("o1", ["paid"], "refunded", now))).toBe(true);
      expect(await f.unitOfWork.run((r) => r.payments.setDispute("o1", "open", now))).toBe(true);
      expect(await f.unitOfWork.run((r) => r.payments.setDispute("o1", "open", now))).toBe(false);
      expect(await f.unitOfWork.run((r) => r.orders.byCaptureId("CAP-1"))).toMatchObject({ id: "o1", paymentStatus: "refunded", dispute: "open" });
      expect(await f.unitOfWork.run((r) => r.payments.markEventProcessed("WH-1", "PAYMENT.CAPTURE.COMPLETED", now))).toBe(true);
      expect(await f.unitOfWork.run((r) => r.payments.markEventProcessed("WH-1", "PAYMENT.CAPTURE.COMPLETED", now))).toBe(false);
    });

    it("payments: a due check is leased to one worker at a time, and taken over when the lease runs out", async () => {
      const f = await make();
      await f.addProduct({ id: "p1", name: "Item", price: 500, stock: 3 });
      await f.unitOfWork.run((r) => r.orders.addIfNewPayment(order({ paymentStatus: "awaiting" }), now));
      await f.unitOfWork.run((r) => r.payments.scheduleCheck("o1", "CAP-1", later));
      expect(await f.unitOfWork.run((r) => r.payments.dueChecks({ now, dueBy: now, limit: 5 }))).toEqual([]);
      expect(await f.unitOfWork.run((r) => r.payments.dueChecks({ now: later, dueBy: later, limit: 5 }))).toEqual([
        // The order's provider: the one reconciliation asks about the payment.
        { orderId: "o1", captureId: "CAP-1", attempts: 0, provider: "sandbox" },
      ]);
      const lease = { now: later, leaseUntil: new Date(later.getTime() + 60_000) };
      expect(await f.unitOfWork.run((r) => r.payments.claimCheck("o1", { ...lease, worker: "a" }))).toEqual({ orderId: "o1", captureId: "CAP-1", attempts: 1 });
      expect(await f.unitOfWork.run((r) => r.payments.claimCheck("o1", { ...lease, worker: "b" }))).toBeNull();
      const after = new Date(later.getTime() + 61_000);
      expect(
        await f.unitOfWork.run((r) => r.payments.claimCheck("o1", { now: after, leaseUntil: new Date(after.getTime() + 60_000), worker: "b" })),
      ).toMatchObject({ attempts: 2 });
      await f.unitOfWork.run((r) => r.payments.finishCheck("o1"));
      expect(await f.unitOfWork.run((r) => r.payments.dueChecks({ now: after, dueBy: after, limit: 5 }))).toEqual([]);
    });
  });
}
