import type { Browser, Page } from "@playwright/test";
import { axeResults } from "./axe.ts";
import { expect, test } from "./fixtures.ts";
import { confirmRequirements } from "./orders.ts";
import { noSidewaysScroll } from "./screen.ts";
import { PASSWORD, uniqueEmail } from "./sign-up.ts";

// Robux by gamepass (issue 50) at checkout, against the Roblox fixture server playwright.config.ts
// starts (tests/fixtures/roblox/README.md, the pass world: 7001 is right for 700 Robux to
// Builder_42, priced 1,000; 7002 is Builder_42's at the wrong price).
const ADMIN = { email: "admin@shop.test", password: "admin-password-1" };

/** A Robux product of 700 Robux made through the admin API, in the demo's Robux pack's game; answers its id. */
async function robuxProduct(browser: Browser): Promise<string> {
  const admin = (await browser.newContext()).request;
  expect((await admin.post("/api/auth/login", { data: ADMIN })).status()).toBe(200);
  const products = (await (await admin.get("/api/admin/products")).json()) as { name: string; gameId: string }[];
  const pack = products.find((p) => p.name === "1,700 Robux Pack")!;
  const made = await admin.post("/api/admin/products", {
    data: {
      name: `700 Robux ${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`,
      gameId: pack.gameId,
      category: "Robux",
      price: "7.99",
      image: "/img/item/robux.svg",
      stock: 50,
      deliveryMethod: "gamepass",
      robuxAmount: 700,
    },
  });
  expect(made.status()).toBe(201);
  return ((await made.json()) as { id: string }).id;
}

async function shopperWith(page: Page, productId: string) {
  const email = uniqueEmail("robux");
  expect((await page.request.post("/api/auth/register", { data: { birthDate: "1990-01-01", acceptTerms: true, email, password: PASSWORD } })).status()).toBe(
    201,
  );
  expect((await page.request.post("/api/auth/login-user", { data: { email, password: PASSWORD } })).status()).toBe(200);
  expect((await page.request.post("/api/cart", { data: { productId, quantity: 1 } })).status()).toBeLessThan(300);
}

test.describe("Robux by gamepass at checkout", () => {
  // A refused pass is a 422 of the check, which the browser logs.
  test.use({ allowConsoleErrors: [/status of 422 .*\/api\/roblox\/gamepass-check/] });

  test("a pass at the wrong price is refused with its fix at the field; the right one is accepted and the order placed @mobile", async ({
    page,
    browser,
  }, testInfo) => {
    await page.setViewportSize(testInfo.project.name === "mobile" ? { width: 390, height: 844 } : { width: 1366, height: 768 });
    const productId = await robuxProduct(browser);
    await shopperWith(page, productId);
    // The product page says what the buyer receives and the pass it takes.
    await page.goto(`/product/${productId}`);
    await expect(page.locator("[data-robux-gamepass]")).toHaveText(/You receive 700 Robux: .* gamepass of yours priced 1,000 Robux/);
    await page.goto("/checkout");
    await page.getByLabel("Roblox username").fill("Builder_42");
    const card = page.getByRole("region", { name: "Your Robux gamepass" });
    await expect(card).toContainText("Create a pass priced exactly 1,000 Robux, Regional Pricing off");
    const field = card.getByLabel("Your gamepass link");

    await field.fill("https://www.roblox.com/game-pass/7002/Robux");
    await field.blur();
    await expect(field).toHaveAttribute("aria-invalid", "true");
    await expect(field).toHaveAccessibleDescription(/Set the pass price to 1,000 Robux/);
    await noSidewaysScroll(page);

    await field.fill("https://www.roblox.com/game-pass/7001/Robux-700");
    await field.blur();
    await expect(card.getByRole("status")).toHaveText("Gamepass checked: priced 1,000 Robux, ready.");
    await expect(field).not.toHaveAttribute("aria-invalid", "true");
    const scan = await axeResults(page);
    expect(scan.violations.map((v) => v.id)).toEqual([]);
    await noSidewaysScroll(page);

    await confirmRequirements(page);
    await page.getByRole("button", { name: "Continue to Payment" }).click();
    await page.getByRole("button", { name: /Pay .* with test payment/ }).click();
    await expect(page.getByRole("heading", { name: "Payment successful!" })).toBeVisible();
    const [order] = (await (await page.request.get("/api/orders")).json()) as { gamePass: { id: number; price: number } | null; robuxDueAt: string | null }[];
    expect(order).toMatchObject({ gamePass: { id: 7001, price: 1000 }, robuxDueAt: null });
  });
});
