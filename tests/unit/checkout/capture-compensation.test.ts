import { describe, expect, it } from "vitest";
import { addToCart } from "#domain/cart/add-to-cart.ts";
import { capturePayment } from "#domain/checkout/capture-payment.ts";
import { HOLD_MS } from "#domain/checkout/checkout.ts";
import { prepareCheckout } from "#domain/checkout/prepare-checkout.ts";
import { startPayment } from "#domain/checkout/start-payment.ts";
import { isDomainError } from "#domain/shared/domain-error.ts";
import { createFakePaymentGateway } from "../../fakes/fake-payment-gateway.ts";
import { sequentialIds } from "../../fakes/in-memory-catalogue.ts";
import { createInMemoryShopping, manualClock } from "../../fakes/in-memory-shopping.ts";
import { paymentGateways } from "#domain/payments/payment-gateways.ts";

/** One Dragon Fruit left and two shoppers whose holds ran out: the second capture takes money for no order. */
async function lastUnitLostAfterCapture() {
  const shop = createInMemoryShopping();
  const clock = manualClock();
  const ids = sequentialIds("id");
  const payments = createFakePaymentGateway();
  const providerDown = new Error("PayPal refund timed out after 15000 ms");
  const gateway = {
    ...payments.gateway,
    refundCapture: async () => {
      throw providerDown;
    },
  };
  shop.state.products.push({ id: "p1", name: "Dragon Fruit", gameId: "g1", price: 2500, stock: 1 });
  const deps = { unitOfWork: shop.ordering, clock, ids, gateways: paymentGateways([gateway]) };
  const paid = [];
  for (const userId of ["u1", "u2"]) {
    const { line } = await addToCart(
      { shopper: { kind: "user", userId }, visitorId: "v", productId: "p1", quantity: 1 },
      { unitOfWork: shop.cart, clock, ids },
    );
    const claim = {
      email: `${userId}@shop.test`,
      robloxUsername: "Builder_1",
      total: 2500,
      discountCodeId: null,
      discountAmount: null,
      useStoreCredit: false,
      cartItems: [{ id: line.id, quantity: 1 }],
    };
    await prepareCheckout({ userId, claim }, deps);
    paid.push({ userId, ...(await startPayment({ userId }, deps)) });
    clock.advance(HOLD_MS + 1);
  }
  // Both captures take the money before either order is placed; the second placement finds no unit.
  payments.holdCaptures();
  const racing = Promise.allSettled(paid.map(({ userId, id }) => capturePayment({ userId, visitorId: "v", paymentId: id }, deps)));
  await new Promise((resolve) => setTimeout(resolve, 10));
  payments.releaseCaptures();
  const failed: unknown = (await racing).find((r): r is PromiseRejectedResult => r.status === "rejected")?.reason;
  return { shop, failed, providerDown, captureIds: paid.map(({ id }) => `CAPTURE-${id}`) };
}

describe("the compensation of a capture that became no order", () => {
  it("queues the refund when the provider's refund call fails, and keeps the provider's error as the cause", async () => {
    const { shop, failed, providerDown, captureIds } = await lastUnitLostAfterCapture();
    expect(isDomainError(failed) && failed.message).toBe(
      "Dragon Fruit is out of stock. Your payment will be refunded as soon as the payment provider releases it.",
    );
    expect(isDomainError(failed) && failed.cause).toBe(providerDown);
    const queued = [...(shop.state.payments?.refundQueue?.keys() ?? [])];
    expect(queued).toHaveLength(1);
    expect(captureIds).toContain(queued[0]);
    expect(shop.state.orders).toHaveLength(1);
  });
});
