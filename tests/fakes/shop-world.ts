import { addToCart } from "#domain/cart/add-to-cart.ts";
import { capturePayment } from "#domain/checkout/capture-payment.ts";
import { prepareCheckout } from "#domain/checkout/prepare-checkout.ts";
import { startPayment } from "#domain/checkout/start-payment.ts";
import { paymentGateways } from "#domain/payments/payment-gateways.ts";
import { createFakePaymentGateway } from "./fake-payment-gateway.ts";
import { sequentialIds } from "./in-memory-catalogue.ts";
import { createInMemoryShopping, manualClock } from "./in-memory-shopping.ts";

/**
 * The ordering unit tests' shop: the in-memory shopping fakes, a clock the test moves, sequential
 * ids, the fake payment gateway, and one product on sale: p1, Dragon Fruit, 25.00, 5 in stock.
 */
export function dragonFruitShop(start?: string) {
  const shop = createInMemoryShopping();
  const clock = manualClock(start);
  const ids = sequentialIds("id");
  const payments = createFakePaymentGateway();
  shop.state.products.push({ id: "p1", name: "Dragon Fruit", gameId: "g1", price: 2500, stock: 5 });
  return { shop, clock, ids, payments };
}

/** The claim u1's checkout page sends for its cart lines, at `total` cents: no code, no store credit. */
export function checkoutClaim(cartItems: { id: string; quantity: number }[], total: number) {
  return { email: "u1@shop.test", robloxUsername: "Builder_1", total, discountCodeId: null, discountAmount: null, useStoreCredit: false, cartItems };
}

/** The shop with u1's paid order of one Dragon Fruit (20-minute promise, sandbox payment). */
export async function dragonFruitPaidOrder(start?: string) {
  const world = dragonFruitShop(start);
  const { shop, clock, ids, payments } = world;
  const gateways = paymentGateways([payments.gateway]);
  const deps = { unitOfWork: shop.ordering, clock, ids, gateways, provider: "sandbox", delivery: { slaMinutes: 20 } };
  await addToCart({ shopper: { kind: "user", userId: "u1" }, visitorId: "v1", productId: "p1", quantity: 1 }, { unitOfWork: shop.cart, clock, ids });
  const line = shop.state.cart[0]!;
  await prepareCheckout({ userId: "u1", claim: checkoutClaim([{ id: line.id, quantity: 1 }], 2500) }, deps);
  const { id } = await startPayment({ userId: "u1" }, deps);
  const { order } = await capturePayment({ userId: "u1", visitorId: "v1", paymentId: id }, deps);
  return { ...world, gateways, order };
}
