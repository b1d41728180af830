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
