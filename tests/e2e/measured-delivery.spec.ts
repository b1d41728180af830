import type { APIRequestContext } from "@playwright/test";
import { axeChecks, violations } from "./axe.ts";
import { expect, test } from "./fixtures.ts";
import { placeOrderPaying } from "./orders.ts";
import { noSidewaysScroll } from "./screen.ts";
import { insertTestGame } from "./test-games.ts";

/**
 * The product page shows the shop's measured median delivery time: ten orders of a product,
 * delivered by staff, make its own line; the other product of its game, with none of its own,
 * shows the game's. The game and its products are test data written into the shop's database, so
 * no other journey's orders count for them and theirs for no one else.
 */
const GAME = { id: "e2e-measured", slug: "measured-delivery", name: "Measured Game", displayOrder: 610 };
const MEASURED = `${GAME.id}-measured`;
const UNMEASURED = `${GAME.id}-unmeasured`;
const ADMIN = { email: "admin@shop.test", password: "admin-password-1" };
const PASSWORD = "correct horse battery";

test.beforeAll(() =>
  insertTestGame(GAME, (db, at) => {
    db.prepare("insert into categories (id, gameId, name, displayOrder) values (?, ?, 'Pets', 0)").run(`${GAME.id}-0`, GAME.id);
    const insert = db.prepare(
      "insert into products (id, gameId, name, category, description, image, priceCents, originalPriceCents, stock, displayOrder, featured, createdAt) values (?, ?, ?, 'Pets', '', '/img/game/doors.svg', 199, null, 500, ?, 0, ?)",
    );
    insert.run(MEASURED, GAME.id, "Measured Pet", 0, at);
    insert.run(UNMEASURED, GAME.id, "Unmeasured Pet", 1, at);
  }),
);

async function signUp(request: APIRequestContext, tag: string): Promise<void> {
  const email = `${tag}-${Date.now().toString(36)}-${Math.floor(Math.random() * 1e6)}@shop.test`;
  expect((await request.post("/api/auth/register", { data: { birthDate: "1990-01-01", acceptTerms: true, email, password: PASSWORD } })).status()).toBe(201);
  expect((await request.post("/api/auth/login-user", { data: { email, password: PASSWORD } })).status()).toBe(200);
}

test("the product page shows the measured median of the product, else of its game @mobile", async ({ page, browser }) => {
  test.setTimeout(120_000);
  const width = page.viewportSize()!.width;
  // Ten orders, five per shopper (a shopper's checkout prepares are limited per minute).
  const orders: string[] = [];
  for (let s = 0; s < 2; s++) {
    const context = await browser.newContext();
    await signUp(context.request, `measured-${s}`);
    for (let i = 0; i < 5; i++) {
      orders.push((await placeOrderPaying(context.request, { email: `measured-${s}@shop.test`, robloxUsername: "Builder_Man1" }, MEASURED)).orderId);
    }
    await context.close();
  }
  expect((await page.request.post("/api/auth/login", { data: ADMIN })).status()).toBe(200);
  for (const id of orders) expect((await page.request.patch(`/api/orders/${id}/status`, { data: { status: "completed" } })).status()).toBe(200);

  await page.goto(`/product/${MEASURED}`);
  await expect(page.locator("[data-delivery-promise]")).toHaveText(/Delivered to your Roblox account in about \d+ (minutes|hours?)/);
  await expect(page.locator("[data-measured-delivery]")).toHaveText(/^\S+ This item: median \d+ minutes? over the last 30 days \(\d+ orders\)$/);
  await noSidewaysScroll(page);
  if (axeChecks(width, "a product page with its measured delivery time")) {
    expect(await violations(page, "a product page with its measured delivery time")).toEqual([]);
  }

  await page.goto(`/product/${UNMEASURED}`);
  await expect(page.locator("[data-measured-delivery]")).toHaveText(/^\S+ Measured Game orders: median \d+ minutes? over the last 30 days \(\d+ orders\)$/);
  await noSidewaysScroll(page);
});
