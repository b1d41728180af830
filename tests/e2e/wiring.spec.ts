import { request, type APIRequestContext, type Page } from "@playwright/test";
import { confirmRequirements } from "./orders.ts";
import { expect, test } from "./fixtures.ts";
import { shortId } from "#domain/shared/short-id.ts";

// The seams wired after the merge (docs/decisions.md, "Wiring rewards into orders and checkout"):
// the order chat in the dashboard and store credit at checkout.
const PASSWORD = "correct horse battery";
const ADMIN = { email: "admin@shop.test", password: "admin-password-1" };
const unique = (tag: string) => `${tag}-${Date.now()}-${Math.floor(Math.random() * 1e6)}`;

async function signedInShopper(page: Page): Promise<string> {
  const email = `${unique("wired")}@shop.test`;
  expect((await page.request.post("/api/auth/register", { data: { acceptTerms: true, email, password: PASSWORD, birthDate: "1990-01-01" } })).status()).toBe(
    201,
  );
  const login = await page.request.post("/api/auth/login-user", { data: { email, password: PASSWORD } });
  expect(login.status()).toBe(200);
  return ((await login.json()) as { user: { id: string } }).user.id;
}

async function adminApi(baseURL: string): Promise<APIRequestContext> {
  const admin = await request.newContext({ baseURL });
  expect((await admin.post("/api/auth/login", { data: ADMIN })).status()).toBe(200);
  return admin;
}

async function productId(page: Page, name: string): Promise<string> {
  const products = (await (await page.request.get("/api/products")).json()) as { id: string; name: string }[];
  const found = products.find((p) => p.name === name);
  expect(found, name).toBeTruthy();
  return found!.id;
}

/** Places an order through the API, as the checkout page would (sandbox payment). */
async function placeOrder(page: Page): Promise<string> {
  const id = await productId(page, "1,700 Robux Pack");
  expect((await page.request.post("/api/cart", { data: { productId: id, quantity: 1 } })).status()).toBeLessThan(300);
  const cart = (await (await page.request.get("/api/cart")).json()) as { id: string; quantity: number; product: { price: string } }[];
  const prepared = await page.request.post("/api/checkout/prepare", {
    data: {
      email: "chat@shop.test",
      robloxUsername: "Builder_42",
      total: cart[0]!.product.price,
      cartItems: cart.map((l) => ({ id: l.id, quantity: l.quantity })),
    },
  });
  expect(prepared.status()).toBe(201);
  const payment = (await (await page.request.post("/paypal/order", { data: { currency: "USD", intent: "CAPTURE" } })).json()) as { id: string };
  const captured = await page.request.post(`/paypal/order/${payment.id}/capture`, { data: {} });
  expect(captured.status()).toBe(201);
  return ((await captured.json()) as { order: { id: string } }).order.id;
}

test.describe("wired features", () => {
  test("a shopper opens the chat of an order from the dashboard, sends a message and sees the admin's reply without reloading", async ({ page, baseURL }) => {
    await signedInShopper(page);
    const orderId = await placeOrder(page);
    await page.goto("/dashboard");
    const order = page
      .getByRole("list", { name: "Your orders" })
      .getByRole("listitem")
      .filter({ hasText: `Order #${shortId(orderId)}` });
    await order.getByRole("button", { name: `Chat about order #${shortId(orderId)}` }).click();
    const chat = page.getByRole("region", { name: `Chat about order #${shortId(orderId)}` });
    const box = chat.getByLabel("Type your message");
    await box.fill("Where is my <i>pack</i>?");
    await box.press("Shift+Enter");
    await box.pressSequentially("Thanks!");
    await expect(box).toHaveValue("Where is my <i>pack</i>?\nThanks!");
    await box.press("Enter");
    await expect(box).toHaveValue("");
    const log = chat.getByRole("log", { name: "Messages" });
    await expect(log.getByText("Where is my <i>pack</i>?", { exact: false })).toBeVisible();

    const admin = await adminApi(baseURL!);
    const reply = await admin.post(`/api/orders/${orderId}/messages`, { data: { message: "Delivering it now!" } });
    expect(reply.status()).toBe(201);
    // The panel polls every 3 s: the reply appears with no reload.
    await expect(log.getByText("Delivering it now!")).toBeVisible({ timeout: 15_000 });
    await admin.dispose();
  });

  test("store credit that covers the order: tick the box, no payment step, Place order", async ({ page, baseURL }) => {
    const userId = await signedInShopper(page);
    const admin = await adminApi(baseURL!);
    expect((await admin.patch(`/api/admin/users/${userId}/store-credit`, { data: { amount: "100.00", operation: "set" } })).status()).toBe(200);
    await admin.dispose();
    const id = await productId(page, "1,700 Robux Pack");
    expect((await page.request.post("/api/cart", { data: { productId: id, quantity: 1 } })).status()).toBeLessThan(300);

    await page.goto("/checkout");
    await page.getByLabel("Roblox username").fill("Builder_42");
    await page.getByLabel("Use my store credit ($100.00)").check();
    await expect(page.getByTestId("checkout-total")).toHaveText("$19.99");
    await expect(page.getByTestId("checkout-amount-due")).toHaveText("$0.00");
    await confirmRequirements(page);
    await page.getByRole("button", { name: "Continue to Payment" }).click();
    await expect(page.getByRole("button", { name: /Pay .* with test payment/ })).toHaveCount(0);
    await page.getByRole("button", { name: "Place order (paid with store credit)" }).click();
    await expect(page.getByRole("heading", { name: "Payment successful!" })).toBeVisible({ timeout: 15_000 });
    await expect(page).toHaveURL(/\/dashboard$/, { timeout: 15_000 });
    await expect(page.getByRole("list", { name: "Your orders" }).getByRole("listitem").first()).toContainText("store credit -$19.99");
    expect(((await (await page.request.get("/api/points")).json()) as { storeCredit: string }).storeCredit).toBe("80.01");
  });
});
