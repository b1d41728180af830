import type { APIRequestContext } from "@playwright/test";
import { placeOrder } from "./orders.ts";
import { expect, test } from "./fixtures.ts";
import { axeChecks, violations } from "./axe.ts";
import { shortId } from "#domain/shared/short-id.ts";

/**
 * The promise per hour and the buyer's readiness, at 1366 px and (project "mobile") 390 px: the
 * owner sets staffed hours in Settings and shoppers are told when delivery starts; staff wait for a
 * buyer, who says "I'm ready", and the Delivery queue shows it live.
 */
const ADMIN = { email: "admin@shop.test", password: "admin-password-1" };
const PASSWORD = "correct horse battery";
const unique = (tag: string) => `${tag}-${Date.now().toString(36)}-${Math.floor(Math.random() * 1e6)}`;

async function signedInShopper(request: APIRequestContext): Promise<void> {
  const email = `${unique("ready")}@shop.test`;
  expect((await request.post("/api/auth/register", { data: { birthDate: "1990-01-01", acceptTerms: true, email, password: PASSWORD } })).status()).toBe(201);
  expect((await request.post("/api/auth/login-user", { data: { email, password: PASSWORD } })).status()).toBe(200);
}

const noSidewaysScroll = (page: import("@playwright/test").Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

test.describe("staffed hours @mobile", () => {
  test.afterEach(async ({ request }) => {
    // The run shares one database: every other journey expects delivery around the clock.
    await request.post("/api/auth/login", { data: ADMIN });
    expect((await request.put("/api/admin/settings/delivery-hours", { data: { timeZone: "UTC", days: {} } })).status()).toBe(200);
  });

  test("the owner sets the hours in Settings; outside them the product page and checkout say when delivery starts", async ({ page }) => {
    test.setTimeout(120_000);
    const width = page.viewportSize()!.width;
    expect((await page.request.post("/api/auth/login", { data: ADMIN })).status()).toBe(200);
    await page.goto("/admin?tab=settings");
    const form = page.getByRole("form", { name: "Delivery hours" });
    await expect(form.getByLabel("Time zone (e.g. UTC, Europe/Berlin)")).toHaveValue("UTC");
    // A wrong period is refused at its field.
    await form.getByLabel("Monday").fill("8-22");
    await form.getByRole("button", { name: "Save Delivery Hours" }).click();
    await expect(form.getByLabel("Monday")).toBeFocused();
    await expect(form.getByText(/Write periods as 08:00-22:00/)).toBeVisible();
    // One minute a day: now is outside the hours (unless it is 00:00 UTC).
    for (const day of ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]) await form.getByLabel(day).fill("00:00-00:01");
    await form.getByRole("button", { name: "Save Delivery Hours" }).click();
    await expect(page.getByText("Delivery Hours Saved")).toBeVisible();
    expect(await noSidewaysScroll(page)).toBeLessThanOrEqual(0);
    if (axeChecks(width, "admin settings delivery hours")) expect(await violations(page, "admin settings delivery hours")).toEqual([]);

    const products = (await (await page.request.get("/api/products")).json()) as { id: string; stock: number }[];
    const product = products.find((p) => p.stock > 5)!;
    await page.goto(`/product/${product.id}`);
    await expect(page.locator("[data-delivery-promise]")).toHaveText(/Delivered to your Roblox account in about \d+ (minutes|hours?)/);
    await expect(page.locator("[data-delivery-starts]")).toHaveText(/Delivery starts \w{3} 00:00 UTC, in \d+ (h|min)$/);
    expect(await noSidewaysScroll(page)).toBeLessThanOrEqual(0);

    expect((await page.request.post("/api/cart", { data: { productId: product.id, quantity: 1 } })).status()).toBeLessThan(300);
    await page.goto("/checkout");
    await expect(page.locator("[data-delivery-starts]")).toHaveText(/^Delivery starts \w{3} 00:00 UTC, in \d+ (h|min)\. Our delivery time counts from then\.$/);
    expect(await noSidewaysScroll(page)).toBeLessThanOrEqual(0);
  });
});

test.describe("the buyer's readiness @mobile", () => {
  test("staff wait for the buyer; the buyer says they're ready; the queue shows it without a reload", async ({ page, browser }) => {
    test.setTimeout(120_000);
    const width = page.viewportSize()!.width;
    const shopperContext = await browser.newContext({ viewport: page.viewportSize()! });
    const shopper = await shopperContext.newPage();
    await shopper.addInitScript(() => window.localStorage.setItem("hasSeenPromo", "true"));
    await signedInShopper(shopper.request);
    const orderId = await placeOrder(shopper.request, { email: "ready-buyer@shop.test", robloxUsername: "Builder_Man1" });
    const short = shortId(orderId);

    expect((await page.request.post("/api/auth/login", { data: ADMIN })).status()).toBe(200);
    await page.goto("/admin?tab=orders");
    await page.getByRole("button", { name: /^Delivery queue/ }).click();
    const item = page.getByRole("listitem", { name: `Delivery of order #${short}` });
    await item.getByRole("button", { name: `Waiting for buyer of order #${short}` }).click();
    await item.getByLabel("Note for the buyer (optional)").fill("I'm by the trade booth");
    await item.getByRole("button", { name: "Tell the buyer" }).click();
    await expect(page.getByText("Waiting For Buyer", { exact: true })).toBeVisible();
    await expect(item.locator('[data-readiness="waiting_for_buyer"]')).toContainText("no deadline until they're ready (I'm by the trade booth)");
    await expect(item.getByText(/left$/)).toHaveCount(0);
    expect(await noSidewaysScroll(page)).toBeLessThanOrEqual(0);

    await shopper.goto("/dashboard");
    const mine = shopper
      .getByRole("list", { name: "Your orders" })
      .getByRole("listitem")
      .filter({ hasText: `Order #${short}` });
    const ask = mine.getByRole("group", { name: `Ready for order #${short}` });
    await expect(ask).toContainText("We're waiting for you in the game: I'm by the trade booth.");
    expect(await noSidewaysScroll(shopper)).toBeLessThanOrEqual(0);
    if (axeChecks(width, "dashboard waiting for the buyer")) expect(await violations(shopper, "dashboard waiting for the buyer")).toEqual([]);
    await ask.getByRole("button", { name: "I'm in the game, ready" }).click();
    await expect(mine.locator('[data-readiness="ready"]')).toHaveText("You said you're in the game: staff will come to you.");

    // Staff see it live (the store's live channel), with the deadline running again.
    await expect(item.locator('[data-readiness="ready"]')).toHaveText("Buyer is in the game, ready", { timeout: 20_000 });
    await expect(item.getByText(/^\d{1,2}:\d\d left$/)).toBeVisible();
    await shopperContext.close();
  });
});
