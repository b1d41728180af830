import { ADULT_BIRTH_DATE } from "./birth-dates.ts";
import { expect } from "vitest";
import * as adminLogin from "#src/pages/api/auth/login.ts";
import * as loginUser from "#src/pages/api/auth/login-user.ts";
import * as register from "#src/pages/api/auth/register.ts";
import * as cart from "#src/pages/api/cart/index.ts";
import * as prepare from "#src/pages/api/checkout/prepare.ts";
import * as capture from "#src/pages/paypal/order/[id]/capture.ts";
import * as paypalOrder from "#src/pages/paypal/order/index.ts";
import type { createTestApp } from "./test-app.ts";
import { DEMO_REQUIREMENT_CODES } from "#adapters/seed/catalogue.ts";

type Store = Awaited<ReturnType<typeof createTestApp>>;
export const PASSWORD = "correct horse battery";
export const ADMIN = { email: "admin@shop.test", password: "admin-password-1" };

/** A browser that has created an account and logged in (keeping any guest cookie it had). */
export async function signIn(store: Store, email: string, browser = store.client()) {
  expect(
    (await browser.call(register.POST, "/api/auth/register", { body: { acceptTerms: true, email, password: PASSWORD, birthDate: ADULT_BIRTH_DATE } })).status,
  ).toBe(201);
  const res = await browser.call(loginUser.POST, "/api/auth/login-user", { body: { email, password: PASSWORD } });
  expect(res.status).toBe(200);
  return Object.assign(browser, { userId: res.body.user.id as string, email });
}

export async function signInAdmin(store: Store) {
  await store.ensureAdmin(ADMIN.email, ADMIN.password);
  const browser = store.client();
  expect((await browser.call(adminLogin.POST, "/api/auth/login", { body: ADMIN })).status).toBe(200);
  return browser;
}

/** A product of the demo catalogue by name. */
export async function product(store: Store, name: string) {
  return store.app.db.selectFrom("products").selectAll().where("name", "=", name).executeTakeFirstOrThrow();
}

export async function setStock(store: Store, productId: string, stock: number) {
  await store.app.db.updateTable("products").set({ stock }).where("id", "=", productId).execute();
}

type Browser = ReturnType<Store["client"]>;

/** What the checkout page sends for the browser's current cart, with the total it believes. */
export async function claimFor(browser: Browser, over: Record<string, unknown> = {}) {
  const items = (await browser.call(cart.GET, "/api/cart")).body as { id: string; quantity: number; product: { price: string } }[];
  const cents = items.reduce((sum, i) => sum + Math.round(Number(i.product.price) * 100) * i.quantity, 0);
  return {
    email: "buyer@shop.test",
    robloxUsername: "Builder_42",
    total: (cents / 100).toFixed(2),
    cartItems: items.map((i) => ({ id: i.id, quantity: i.quantity })),
    discountCodeId: null,
    discountAmount: null,
    // The shopper ticks every requirement of the demo catalogue's items (tests of the rule send their own).
    acknowledgedRequirements: DEMO_REQUIREMENT_CODES,
    ...over,
  };
}

/** Adds to cart, prepares (with the given claim changes) and opens the payment; answers the payment id. */
export async function preparedPayment(
  browser: Browser,
  productId: string,
  quantity: number,
  over: Record<string, unknown> = {},
  pay: Record<string, unknown> = {},
) {
  expect((await browser.call(cart.POST, "/api/cart", { body: { productId, quantity } })).status).toBeLessThan(300);
  const prepared = await browser.call(prepare.POST, "/api/checkout/prepare", { body: await claimFor(browser, over) });
  expect(prepared.status, JSON.stringify(prepared.body)).toBe(201);
  const order = await browser.call(paypalOrder.POST, "/paypal/order", { body: { amount: prepared.body.total, currency: "USD", intent: "CAPTURE", ...pay } });
  expect(order.status).toBe(201);
  return { paymentId: order.body.id as string, prepared: prepared.body };
}

export function captureCall(browser: Browser, paymentId: string) {
  return browser.call(capture.POST, `/paypal/order/${paymentId}/capture`, { params: { id: paymentId }, body: {} });
}
