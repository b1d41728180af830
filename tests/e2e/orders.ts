import { expect, type APIRequestContext, type Page } from "@playwright/test";
import { DEMO_REQUIREMENT_CODES } from "#adapters/seed/catalogue.ts";

/**
 * Places a real order through the sandbox checkout calls the checkout page makes (a product with
 * stock to spare, one unit) and answers its id. The request context must carry a shopper's session.
 */
export async function placeOrder(request: APIRequestContext, buyer: { email: string; robloxUsername: string }): Promise<string> {
  return (await placeOrderPaying(request, buyer)).orderId;
}

/** placeOrder, answering the total paid too (as the server computed it, e.g. "12.99"). */
export async function placeOrderPaying(
  request: APIRequestContext,
  buyer: { email: string; robloxUsername: string },
  /** The product bought (one unit); without it, the first with stock to spare. */
  productId?: string,
): Promise<{ orderId: string; total: string }> {
  // A named product by its own answer: the list answers the first 100 products only.
  const product = productId
    ? ((await (await request.get(`/api/products/${productId}`)).json()) as { id: string })
    : ((await (await request.get("/api/products")).json()) as { id: string; stock: number }[]).find((p) => p.stock > 5)!;
  expect((await request.post("/api/cart", { data: { productId: product.id, quantity: 1 } })).status()).toBeLessThan(300);
  const items = (await (await request.get("/api/cart")).json()) as { id: string; quantity: number; product: { price: string } }[];
  const cents = items.reduce((sum, i) => sum + Math.round(Number(i.product.price) * 100) * i.quantity, 0);
  const prepared = await request.post("/api/checkout/prepare", {
    data: {
      ...buyer,
      total: (cents / 100).toFixed(2),
      cartItems: items.map((i) => ({ id: i.id, quantity: i.quantity })),
      discountCodeId: null,
      discountAmount: null,
      // Every requirement of the demo catalogue's items, ticked (issue 49).
      acknowledgedRequirements: DEMO_REQUIREMENT_CODES,
    },
  });
  expect(prepared.status()).toBe(201);
  const { total } = (await prepared.json()) as { total: string };
  const payment = await request.post("/paypal/order", { data: { amount: total, currency: "USD", intent: "CAPTURE" } });
  expect(payment.status()).toBe(201);
  const { id } = (await payment.json()) as { id: string };
  const captured = await request.post(`/paypal/order/${id}/capture`, { data: {} });
  expect(captured.status()).toBe(201);
  return { orderId: ((await captured.json()) as { order: { id: string } }).order.id, total };
}

/** Ticks each requirement the checkout lists under "Before you pay" (none: nothing to do). */
export async function confirmRequirements(page: Page): Promise<void> {
  const boxes = page.getByRole("group", { name: "Before you pay" }).getByRole("checkbox");
  for (const box of await boxes.all()) await box.check();
}
