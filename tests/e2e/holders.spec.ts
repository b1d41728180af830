import type { Browser, Page } from "@playwright/test";
import { shortId } from "#domain/shared/short-id.ts";
import { violations, axeChecks } from "./axe.ts";
import { allowConsoleError, expect, test } from "./fixtures.ts";
import { placeOrderPaying } from "./orders.ts";
import { PASSWORD, uniqueEmail } from "./sign-up.ts";

// Stock on the Roblox accounts that hold it and the deliverer the shopper can verify, from both sides:
// staff add a holder and its stock, the paid order is reserved on it and shown in the Delivery queue,
// delivery starts, and the shopper's order shows that account and the phrase staff see.
const ADMIN = { email: "admin@shop.test", password: "admin-password-1" };
const holderName = () => `Hold_${Math.random().toString(36).slice(2, 10)}`;

async function noSidewaysScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
}

async function journey(page: Page, browser: Browser, width: number) {
  // Two people, two holders, a payment, a delivery start and three axe runs: past the 30 s default on a loaded machine.
  test.slow();
  const viewport = { width, height: 900 };
  expect((await page.request.post("/api/auth/login", { data: ADMIN })).status()).toBe(200);
  // The holder and its stock through the API (the form is exercised below with a second holder).
  const products = (await (await page.request.get("/api/products")).json()) as { id: string; name: string; gameId: string; stock: number }[];
  const product = products.find((p) => p.name === "Neon Unicorn")!;
  const name = holderName();
  const holder = (await (await page.request.post("/api/admin/holders", { data: { gameId: product.gameId, robloxUsername: name } })).json()) as { id: string };
  expect((await page.request.put(`/api/admin/holders/${holder.id}/stock`, { data: { productId: product.id, quantity: 3 } })).status()).toBe(200);

  const shopperContext = await browser.newContext({ viewport });
  const shopper = await shopperContext.newPage();
  await shopper.addInitScript(() => window.localStorage.setItem("hasSeenPromo", "true"));
  const email = uniqueEmail("holders");
  expect((await shopper.request.post("/api/auth/register", { data: { birthDate: "1990-01-01", acceptTerms: true, email, password: PASSWORD } })).status()).toBe(
    201,
  );
  expect((await shopper.request.post("/api/auth/login-user", { data: { email, password: PASSWORD } })).status()).toBe(200);
  const { orderId } = await placeOrderPaying(shopper.request, { email, robloxUsername: "Builder_Man1" }, product.id);
  const short = shortId(orderId);
  const mine = shopper
    .getByRole("list", { name: "Your orders" })
    .getByRole("listitem")
    .filter({ hasText: `Order #${short}` });
  await shopper.goto("/dashboard");
  await expect(mine.getByText(/^Delivery within/)).toBeVisible();
  await expect(mine.getByRole("region", { name: `Verify your deliverer for order #${short}` })).toHaveCount(0);

  // Staff: the Holders view, a bad name refused at its field, then a real one added.
  await page.goto("/admin?tab=orders");
  await page.getByRole("button", { name: "Holders", exact: true }).click();
  const holders = page.getByRole("region", { name: "Holders" });
  // 3 entered, 1 reserved for the paid order: 2 left to sell.
  await expect(holders.getByRole("listitem", { name: `Holder ${name}` })).toContainText(`2 × ${product.name}`);
  if (axeChecks(width, "admin holders")) expect(await violations(page, "admin holders")).toEqual([]);
  allowConsoleError(/status of 422/);
  await holders.getByLabel("Game").selectOption({ label: "Adopt Me" });
  await holders.getByLabel("Roblox username").fill("Nobody_Holder");
  await holders.getByRole("button", { name: "Add holder" }).click();
  await expect(holders.getByLabel("Roblox username")).toBeFocused();
  await expect(holders.getByText("We could not find this Roblox account. Please check the username.")).toBeVisible();
  const second = holderName();
  await holders.getByLabel("Roblox username").fill(second);
  await holders.getByRole("button", { name: "Add holder" }).click();
  const added = holders.getByRole("listitem", { name: `Holder ${second}` });
  await expect(added).toContainText("No stock entered");
  await added.getByRole("button", { name: `Set stock on ${second}` }).click();
  // The game's products are searched on the server (a grown shop's game has thousands).
  await added.getByLabel("Search by name").fill(product.name);
  await expect.poll(() => added.getByLabel("Product").locator("option").count()).toBeLessThan(10);
  await added.getByLabel("Product").selectOption({ label: product.name });
  await added.getByLabel("Units on the account").fill("2");
  await added.getByRole("button", { name: "Save stock" }).click();
  await expect(added).toContainText(`2 × ${product.name}`);
  await noSidewaysScroll(page);

  // The Delivery queue says which account to log into; delivery starts; the phrase is on the order's own view.
  await page.getByRole("button", { name: /^Delivery queue/ }).click();
  const item = page.getByRole("listitem", { name: `Delivery of order #${short}` });
  await expect(item).toContainText(`Log into ${name}`);
  await noSidewaysScroll(page);
  // Another holder before delivery starts: the picker offers the order's game's active holders.
  await item.getByRole("button", { name: `Change holder of order #${short}` }).click();
  await expect(item.getByLabel("Holder").locator("option", { hasText: second })).toHaveCount(1);
  await item.getByRole("button", { name: `Change holder of order #${short}` }).click();
  await item.getByRole("button", { name: `Start delivery of order #${short}` }).click();
  await expect(item).toContainText("processing");
  await item.getByRole("button", { name: `Show phrase of order #${short}` }).click();
  const said = item.getByText(/^Say in the game chat:/);
  await expect(said).toBeVisible();
  const phrase = ((await said.locator("span").textContent()) ?? "").trim();
  expect(phrase).toMatch(/^[a-z]+-[a-z]+-\d{2}$/);
  if (axeChecks(width, "admin orders")) expect(await violations(page, "admin orders")).toEqual([]);

  // The shopper: the exact account and the phrase, and never to trade with anyone else or give first.
  await shopper.reload();
  const verify = mine.getByRole("region", { name: `Verify your deliverer for order #${short}` });
  await expect(verify).toContainText(`Only trade with ${name}`);
  await expect(verify).toContainText(phrase);
  await expect(verify).toContainText("Never trade with anyone else");
  await expect(verify).toContainText("Never give first");
  await noSidewaysScroll(shopper);
  if (axeChecks(width, "/dashboard orders")) expect(await violations(shopper, "/dashboard orders")).toEqual([]);
  await shopperContext.close();
}

test.describe("holder accounts and the deliverer, at 1366 px", () => {
  test.use({ viewport: { width: 1366, height: 900 } });
  test("staff add holders and stock, the order is reserved on one, and the shopper verifies the deliverer by its phrase", async ({ page, browser }) => {
    await journey(page, browser, 1366);
  });
});

test.describe("holder accounts and the deliverer, at 390 px", () => {
  test.use({ viewport: { width: 390, height: 844 } });
  test("the same journey on a phone @mobile", async ({ page, browser }) => {
    await journey(page, browser, 390);
  });
});
