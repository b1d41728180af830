import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures.ts";

/**
 * Issue 36, a sale as a percentage on chosen games: the owner schedules it in the Settings tab (no
 * code), and a shopper sees it priced on the game page, the product page (regular price struck
 * through) and the cart, the game page's price filter keeps what the sale brings under its bound,
 * and the bar says "up to N% off", at 390 and 1366 px, with no axe violation
 * and no sideways scroll. The checkout's server totals at the boundaries are in
 * tests/integration/sale-pricing-api.test.ts.
 */
const ADMIN = { email: "admin@shop.test", password: "admin-password-1" };
const PASSWORD = "correct horse battery";
const WCAG_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22a", "wcag22aa"];
const dollars = (cents: number) => `$${(cents / 100).toFixed(2)}`;

async function expectFitsAndPassesAxe(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
  const results = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
}

for (const width of [390, 1366]) {
  test.describe(`a sale on chosen games at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });
    test.describe.configure({ timeout: 180_000 });
    test.afterEach(async ({ request }) => {
      await request.post("/api/auth/login", { data: ADMIN });
      await request.put("/api/admin/settings/announcement", { data: { text: null, sale: null } });
    });

    test(`the owner puts Blox Fruits at 25% off; the game, product and cart pages price it (${width} px)`, async ({ page, browser }) => {
      const staff = await browser.newContext({ viewport: { width, height: 900 } });
      const panel = await staff.newPage();
      expect((await panel.request.post("/api/auth/login", { data: ADMIN })).status()).toBe(200);
      await panel.goto("/admin?tab=settings");
      const form = panel.getByRole("form", { name: "Announcement and sale" });
      await form.getByLabel("Schedule a sale").check();
      await form.getByLabel("Sale text").fill("Blox Fruits week");
      const local = (ms: number) => {
        const d = new Date(Date.now() + ms);
        const pad = (n: number) => String(n).padStart(2, "0");
        return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
      };
      await form.getByLabel("Starts").fill(local(-3_600_000));
      await form.getByLabel("Ends").fill(local(3_600_000));
      await form.getByLabel(/^Percentage off/).fill("25");
      await form.getByLabel("All of Blox Fruits").check();
      await form.getByRole("button", { name: "Save Announcement" }).click();
      await expect(panel.getByText("Announcement Saved")).toBeVisible();
      await staff.close();

      const product = ((await (await page.request.get("/api/products/search?q=Buddha")).json()) as { id: string; price: string; originalPrice: string }[])[0]!;
      const regular = Math.round(Number(product.originalPrice) * 100);
      const sale = regular - Math.ceil((regular * 25) / 100);
      expect(product.price).toBe((sale / 100).toFixed(2));

      await page.goto("/shop/blox-fruits");
      const bar = page.getByRole("region", { name: "Announcement" });
      await expect(bar).toContainText("Blox Fruits week");
      await expect(bar).toContainText("25%");
      await expect(page.getByText(dollars(sale)).first()).toBeVisible();
      await expectFitsAndPassesAxe(page);

      // The price filter compares the sale price: "up to" it keeps the product its regular price is over.
      await page.goto(`/shop/blox-fruits?max=${(sale / 100).toFixed(2)}&sort=price-desc`);
      const card = page.locator("article").filter({ has: page.locator(`a[href="/product/${product.id}"]`) });
      await expect(card).toContainText(dollars(sale));

      await page.goto(`/product/${product.id}`);
      await expect(page.getByText(dollars(sale), { exact: true }).first()).toBeVisible();
      await expect(
        page
          .locator(".line-through")
          .filter({ hasText: dollars(regular) })
          .first(),
      ).toBeVisible();
      // Its offer tells search engines the sale price and the last day it holds (the end is exclusive).
      const { endsAt } = (await (await page.request.get("/api/announcement")).json()) as { endsAt: string };
      const structured = await page.locator('script[type="application/ld+json"]').allTextContents();
      const offer = structured.map((text) => JSON.parse(text) as { "@type": string; offers?: unknown }).find((data) => data["@type"] === "Product")?.offers;
      expect(offer).toMatchObject({ price: (sale / 100).toFixed(2), priceValidUntil: new Date(Date.parse(endsAt) - 1).toISOString().slice(0, 10) });
      await expectFitsAndPassesAxe(page);

      const email = `sale-${width}-${Date.now().toString(36)}@shop.test`;
      expect(
        (await page.request.post("/api/auth/register", { data: { birthDate: "1990-01-01", acceptTerms: true, email, password: PASSWORD } })).status(),
      ).toBe(201);
      expect((await page.request.post("/api/auth/login-user", { data: { email, password: PASSWORD } })).status()).toBe(200);
      await page.reload();
      await page.getByRole("button", { name: "Add to Cart" }).click();
      await expect(page.getByRole("status").filter({ hasText: "Added to cart" })).toBeVisible();
      await page.goto("/cart");
      await expect(page.getByTestId("cart-total")).toHaveText(dollars(sale));
      await expectFitsAndPassesAxe(page);
    });
  });
}
