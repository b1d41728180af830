import { defaultDeliveryPolicy } from "#domain/fulfilment/delivery.ts";
import { describe, expect, it } from "vitest";
import { inMemoryRobloxDirectory } from "../../fakes/in-memory-roblox-directory.ts";
import { createCartModule } from "#domain/cart/cart.module.ts";
import type { OrderRewardsLedgers, RewardsRepositories } from "#domain/rewards/rewards-repositories.port.ts";
import { createCheckoutModule } from "#domain/checkout/checkout.module.ts";
import type { OrderingStore } from "#domain/checkout/checkout-repositories.port.ts";
import { orderTransaction } from "#domain/checkout/order-transaction.ts";
import { createFulfilmentModule } from "#domain/fulfilment/fulfilment.module.ts";
import { createPaymentsModule } from "#domain/payments/payments.module.ts";
import type { Audited } from "#domain/audit/audit-log.port.ts";
import { createRewardsModule } from "#domain/rewards/rewards.module.ts";
import type { UnitOfWork } from "#domain/shared/unit-of-work.port.ts";
import { createFakePaymentGateway } from "../../fakes/fake-payment-gateway.ts";
import { sequentialIds } from "../../fakes/in-memory-catalogue.ts";
import { fakeImageProcessor } from "../../fakes/in-memory-images.ts";
import { createInMemoryRewards } from "../../fakes/in-memory-rewards.ts";
import { createInMemoryShopping, manualClock } from "../../fakes/in-memory-shopping.ts";
import { checkoutClaim } from "../../fakes/shop-world.ts";
import { createInMemoryRateLimiter } from "../../fakes/in-memory-support.ts";
import { paymentGateways } from "#domain/payments/payment-gateways.ts";

const ADMIN = { id: "admin-1", email: "boss@shop.test" };

/**
 * The order modules built the way the composition root builds them, on in-memory fakes: one order
 * transaction, on which orderTransaction binds the rewards module's order hooks (a function of the
 * ledgers of that transaction), handed to the checkout and fulfilment modules.
 */
function modules(slaMinutes = 20) {
  const shop = createInMemoryShopping();
  const ledgers = createInMemoryRewards();
  const clock = manualClock("2026-11-21T10:00:00.000Z");
  const ids = sequentialIds("id");
  const payments = createFakePaymentGateway();
  // The order transaction as an adapter binds it: repositories and the rewards ledgers, no hooks.
  const store: UnitOfWork<OrderingStore<OrderRewardsLedgers> & Audited> = {
    run: (work) =>
      shop.ordering.run(({ rewards: _hooks, outcomes: _outcomes, ...repositories }) => work({ ...repositories, rewardsLedgers: ledgers.repositories })),
  };
  // The rewards fakes keep no audit trail: its own unit of work records none in this test.
  const rewardsUnitOfWork: UnitOfWork<RewardsRepositories & Audited> = {
    run: (work) => ledgers.unitOfWork.run((repositories) => work({ ...repositories, audit: { record: async () => undefined } })),
  };
  const rewards = createRewardsModule({ unitOfWork: rewardsUnitOfWork, codes: { newCode: () => "ABCD2345" }, ids, clock, pointsPerDollar: 100 });
  const delivery = { slaMinutes };
  const unitOfWork = orderTransaction(store, { orderRewards: rewards.orderRewards, delivery });
  const ordering = {
    ...createCheckoutModule({
      unitOfWork,
      gateways: paymentGateways([payments.gateway]),
      clock,
      ids,
      shopName: "Shop",
      delivery,
      holds: { caps: { maxUnitsPerProduct: 10, maxUnitsHeld: 20 }, preparesPerMinute: 100 },
      codeValidationsPerMinute: 100,
      rateLimiter: createInMemoryRateLimiter(clock),
      parentLinkHours: 48,
      recheckMs: 60_000,
      directory: inMemoryRobloxDirectory().directory,
    }),
    ...createFulfilmentModule({
      unitOfWork,
      proofs: { save: async () => undefined, remove: async () => undefined, read: async () => null },
      images: fakeImageProcessor(),
      clock,
      ids,
      compensationPoints: 500,
      delivery: defaultDeliveryPolicy,
      // This test cancels no order: a refund would be a mistake it reports.
      refund: async () => {
        throw new Error("no refund expected");
      },
      cancelGrantHours: 24,
    }),
    ...createPaymentsModule({ unitOfWork, gateways: paymentGateways([payments.gateway]), clock, ids, recheckMs: 60_000 }),
  };
  const cart = createCartModule({ unitOfWork: shop.cart, clock, ids });
  return { shop, ledgers, ordering, cart, payments, clock };
}

describe("the order modules on one order transaction", () => {
  it("credits the rewards module's points when an administrator completes an order, and audits the change with that administrator", async () => {
    const { shop, ledgers, ordering, cart } = modules();
    ledgers.addUser("u1");
    shop.state.products.push({ id: "p1", name: "Dragon Fruit", gameId: "g1", price: 2500, stock: 5 });
    await cart.addToCart({ shopper: { kind: "user", userId: "u1" }, visitorId: "v1", productId: "p1", quantity: 1 });
    const claim = checkoutClaim([{ id: shop.state.cart[0]!.id, quantity: 1 }], 2500);
    await ordering.prepareCheckout({ userId: "u1", birthDate: "1990-01-01", claim, clientIp: "203.0.113.9" });
    const { id } = await ordering.startPayment({ userId: "u1", birthDate: null });
    const { order } = await ordering.capturePayment({ userId: "u1", birthDate: null, visitorId: "v1", paymentId: id });

    await ordering.changeOrderStatus({ orderId: order.id, to: "completed", visitorId: null }, ADMIN);

    expect(ledgers.state.points.map((e) => ({ userId: e.userId, amount: e.amount, reason: e.reason }))).toEqual([
      { userId: "u1", amount: 2500, reason: "purchase" },
    ]);
    expect(shop.state.audit).toEqual([expect.objectContaining({ actor: ADMIN, kind: "order.status", entityId: order.id, after: { status: "completed" } })]);
  });

  it("starts the clock of a payment that completes after review with the shop's DELIVERY_SLA_MINUTES, as a payment completed at once", async () => {
    const { shop, ordering, cart, payments, clock } = modules(45);
    shop.state.products.push({ id: "p1", name: "Dragon Fruit", gameId: "g1", price: 2500, stock: 5 });
    await cart.addToCart({ shopper: { kind: "user", userId: "u1" }, visitorId: "v1", productId: "p1", quantity: 1 });
    await ordering.prepareCheckout({
      userId: "u1",
      birthDate: "1990-01-01",
      claim: checkoutClaim([{ id: shop.state.cart[0]!.id, quantity: 1 }], 2500),
      clientIp: null,
    });
    const { id } = await ordering.startPayment({ userId: "u1", birthDate: null });
    payments.pend(id);
    const { order } = await ordering.capturePayment({ userId: "u1", birthDate: null, visitorId: "v1", paymentId: id });
    expect(order.delivery.dueAt).toBeNull();

    payments.completeReview(order.captureId!);
    clock.advance(60_000);
    await ordering.reconcilePayments({ worker: "w1", leaseMs: 60_000 });

    const paid = shop.state.orders.find((o) => o.id === order.id)!;
    expect(paid.delivery.paidAt).toEqual(clock.now());
    expect(paid.delivery.dueAt!.getTime() - paid.delivery.paidAt!.getTime()).toBe(45 * 60_000);
  });
});
