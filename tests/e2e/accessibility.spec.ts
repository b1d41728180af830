import type { APIRequestContext, Page } from "@playwright/test";
import { expect, test } from "./fixtures.ts";
import { DEMO_POSTS } from "#adapters/seed/content.ts";
import { ADMIN_TABS } from "#src/lib/admin-tabs.ts";
import { placeOrder } from "./orders.ts";
import { axeChecks, violations } from "./axe.ts";
import { shortId } from "#domain/shared/short-id.ts";

/**
 * axe-core (the maintained @axe-core/playwright) on every storefront page, dashboard tab, admin tab
 * and open dialog at 390 px, and again at 1366 px where the width changes what a screen shows: no
 * violation of the WCAG 2.0, 2.1 and 2.2 A and AA rules (issue 35). Each state is also under the
 * guard rails of fixtures.ts (no console error, page error or CSP violation). The signed-in
 * shopper's pages are checked in layout.spec.ts's walk, which loads them for its own checks too.
 */
const ADMIN = { email: "admin@shop.test", password: "admin-password-1" };
const PASSWORD = "correct horse battery";
const VIEWPORTS = [
  { width: 390, height: 844 },
  { width: 1366, height: 900 },
];

/** The page once it has loaded its data (no "Loading..." left) and the dock's island has hydrated. */
async function settle(page: Page) {
  await page.waitForLoadState("networkidle").catch(() => undefined);
  await expect(page.getByText(/^Loading/)).toHaveCount(0);
}

async function signedInShopperWithCart(request: APIRequestContext, tag: string): Promise<void> {
  const email = `a11y-${tag}-${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}@shop.test`;
  expect((await request.post("/api/auth/register", { data: { birthDate: "1990-01-01", acceptTerms: true, email, password: PASSWORD } })).status()).toBe(201);
  expect((await request.post("/api/auth/login-user", { data: { email, password: PASSWORD } })).status()).toBe(200);
  const products = (await (await request.get("/api/products")).json()) as { id: string; stock: number }[];
  const product = products.find((p) => p.stock > 5)!;
  expect((await request.post("/api/cart", { data: { productId: product.id, quantity: 1 } })).status()).toBeLessThan(300);
  expect((await request.post("/api/wishlist", { data: { productId: product.id } })).status()).toBeLessThan(300);
}

async function firstProductPath(request: APIRequestContext): Promise<string> {
  const products = (await (await request.get("/api/products")).json()) as { id: string }[];
  return `/product/${products[0]!.id}`;
}

for (const viewport of VIEWPORTS) {
  const phone = viewport.width < 640;
  /** Whether axe checks this state at this width. */
  const checked = (state: string) => axeChecks(viewport.width, state);
  test.describe(`axe at ${viewport.width} px`, () => {
    test.use({ viewport });
    // Each state is one axe run of a few seconds on a shared machine; a test walks up to 20 of them.
    test.describe.configure({ timeout: 240_000 });

    // The shopper pages a signed-in shopper walks (home, shop, game, product, cart, checkout, the
    // dashboard's orders, the content pages) are checked by axe in layout.spec.ts's walk, which loads
    // each of them anyway; here are the pages only a visitor sees and the dialogs, on a guest's home page.
    test(`the visitor's pages and the dialogs (${viewport.width} px)`, async ({ page }) => {
      const found: string[] = [];
      const product = await firstProductPath(page.request);
      expect((await page.request.post("/api/cart", { data: { productId: product.split("/").pop(), quantity: 1 } })).status()).toBeLessThan(300);
      for (const path of [`/blog/${DEMO_POSTS[0]!.slug}`, "/login", "/forgot-password"]) {
        if (!checked(path)) continue;
        await page.goto(path);
        await settle(page);
        found.push(...(await violations(page, path)));
      }

      // The dialogs and menus, opened on the home page.
      await page.goto("/");
      await settle(page);
      // A guest's wide header (Sign in, the cart's word): the walk in layout.spec.ts is signed in, and
      // at 390 px the visitor's pages above have already checked a guest's header.
      if (!phone) found.push(...(await violations(page, "/ as a guest")));
      if (checked("help dialog")) {
        await page.getByRole("button", { name: "Help: frequently asked questions" }).click();
        await expect(page.getByRole("dialog")).toBeVisible();
        found.push(...(await violations(page, "help dialog")));
        await page.keyboard.press("Escape");
        await expect(page.getByRole("dialog")).toBeHidden();
      }

      await page.getByRole("button", { name: /^Live chat/ }).click();
      const chat = page.getByRole("dialog", { name: "Live Support" });
      await expect(chat.getByRole("button", { name: "Start New Conversation" })).toBeVisible();
      found.push(...(await violations(page, "support chat")));
      await chat.getByRole("button", { name: "Close chat" }).click();

      const search = page
        .getByRole("combobox", { name: /search/i })
        .filter({ visible: true })
        .first();
      if (phone) await page.getByLabel("Menu").click();
      await search.fill("Dragon");
      await expect(page.getByRole("option").first()).toBeVisible();
      found.push(...(await violations(page, phone ? "mobile menu with search results" : "header search results")));

      expect(found).toEqual([]);
    });

    // The consent banner, the promo, the rating form and the stock alert screens are one markup at every width.
    test(`the first visit's consent banner and promo (${viewport.width} px)`, async ({ browser, baseURL }) => {
      test.skip(!phone, "checked at 390 px only (WIDE_STATES)");
      const found: string[] = [];
      const context = await browser.newContext({ viewport, storageState: { cookies: [], origins: [] } });
      const page = await context.newPage();
      await page.goto("/");
      await expect(page.getByRole("region", { name: "Analytics cookies" })).toBeVisible();
      found.push(...(await violations(page, "consent banner")));
      await context.addCookies([{ name: "shop_analytics", value: "granted", url: baseURL! }]);
      await page.goto("/about");
      const promo = page.getByRole("dialog", { name: "Get 20% off your first order" });
      await expect(promo).toBeVisible({ timeout: 8000 });
      found.push(...(await violations(page, "promo dialog")));
      await context.close();
      expect(found).toEqual([]);
    });

    // /checkout and the dashboard's orders tab: layout.spec.ts's walk.
    test(`the dashboard's other tabs (${viewport.width} px)`, async ({ page }) => {
      test.skip(!phone, "checked at 390 px only (WIDE_STATES)");
      const found: string[] = [];
      await signedInShopperWithCart(page.request, String(viewport.width));
      for (const tab of ["wishlist", "points", "referrals"]) {
        if (!checked(`/dashboard ${tab}`)) continue;
        await page.goto(`/dashboard?tab=${tab}`);
        await settle(page);
        await expect(page.getByRole("tab", { selected: true })).toHaveText(new RegExp(tab, "i"));
        found.push(...(await violations(page, `/dashboard ${tab}`)));
      }
      expect(found).toEqual([]);
    });

    // Issue 36: the dashboard's rating form on a delivered order, and the Reviews tab's published ratings.
    test(`the rating form and the admin's ratings (${viewport.width} px)`, async ({ page, browser }) => {
      test.skip(!phone, "checked at 390 px only (WIDE_STATES)");
      const found: string[] = [];
      await signedInShopperWithCart(page.request, `rate-${viewport.width}`);
      const orderId = await placeOrder(page.request, { email: "a11y-rater@shop.test", robloxUsername: "A11y_Rater" });
      const adminContext = await browser.newContext({ viewport });
      const admin = await adminContext.newPage();
      expect((await admin.request.post("/api/auth/login", { data: ADMIN })).status()).toBe(200);
      expect((await admin.request.patch(`/api/orders/${orderId}/status`, { data: { status: "completed" } })).status()).toBe(200);
      await page.goto(`/dashboard?rate=${orderId}`);
      await settle(page);
      await expect(page.getByRole("region", { name: `Rate order #${shortId(orderId)}` })).toBeVisible();
      found.push(...(await violations(page, "dashboard rating form")));
      await admin.goto("/admin?tab=submissions");
      await settle(admin);
      await admin.getByRole("button", { name: "Published", exact: true }).click();
      await settle(admin);
      found.push(...(await violations(admin, "admin published ratings")));
      await adminContext.close();
      expect(found).toEqual([]);
    });

    // Issue 36: the out-of-stock product's stock alert form, its unsubscribe page and confirm receipt.
    test(`back in stock and confirm receipt, issue 36 (${viewport.width} px)`, async ({ page, browser }) => {
      test.skip(!phone, "checked at 390 px only (WIDE_STATES)");
      const found: string[] = [];
      const admin = (await browser.newContext()).request;
      expect((await admin.post("/api/auth/login", { data: ADMIN })).status()).toBe(200);
      const products = (await (await admin.get("/api/admin/products")).json()) as { id: string; name: string; stock: number }[];
      const sold = products[products.length - 3]!;
      expect((await admin.patch(`/api/admin/products/${sold.id}`, { data: { name: sold.name, stock: 0 } })).status()).toBe(200);
      try {
        await page.goto(`/product/${sold.id}`);
        await expect(page.getByRole("form", { name: "Email me when it's back" })).toBeVisible();
        await settle(page);
        found.push(...(await violations(page, "out-of-stock product with its stock alert form")));
      } finally {
        await admin.patch(`/api/admin/products/${sold.id}`, { data: { name: sold.name, stock: sold.stock } });
      }
      await page.goto("/stock-alerts/unsubscribe?token=a-token-from-an-email-0123456789");
      await expect(page.getByRole("button", { name: "Unsubscribe" })).toBeVisible();
      found.push(...(await violations(page, "stock alert unsubscribe")));

      await signedInShopperWithCart(page.request, "receipt");
      const orderId = await placeOrder(page.request, { email: "a11y-receipt@shop.test", robloxUsername: "Builder_Man1" });
      for (const status of ["processing", "completed"]) expect((await admin.patch(`/api/orders/${orderId}/status`, { data: { status } })).status()).toBe(200);
      await page.goto("/dashboard");
      await expect(page.getByRole("button", { name: "I got it" })).toBeVisible();
      await settle(page);
      found.push(...(await violations(page, "dashboard with a delivered order's confirm receipt")));
      expect(found).toEqual([]);
    });

    test(`every admin tab and the delete confirmation (${viewport.width} px)`, async ({ page }) => {
      const found: string[] = [];
      if (checked("admin sign-in")) {
        await page.goto("/admin");
        await settle(page);
        found.push(...(await violations(page, "admin sign-in")));
      }
      expect((await page.request.post("/api/auth/login", { data: ADMIN })).status()).toBe(200);
      for (const tab of ADMIN_TABS) {
        if (!checked(`admin ${tab.key}`)) continue;
        await page.goto(`/admin?tab=${tab.key}`);
        await expect(page.getByRole("heading", { name: "Admin Panel" })).toBeVisible();
        await settle(page);
        found.push(...(await violations(page, `admin ${tab.key}`)));
      }
      if (!phone) {
        expect(found).toEqual([]);
        return;
      }
      await page.goto("/admin?tab=games");
      await settle(page);
      await page
        .getByRole("button", { name: /^Delete / })
        .first()
        .click();
      await expect(page.getByRole("alertdialog")).toBeVisible();
      found.push(...(await violations(page, "admin delete confirmation")));
      await page.keyboard.press("Escape");
      // Issue 47: the product editor with its fields' errors (an original price below the price, stock that is no number).
      await page.goto("/admin?tab=products");
      await settle(page);
      await page.getByLabel("Game", { exact: true }).selectOption({ label: "Blox Fruits" });
      await page.getByRole("button", { name: "Add Product" }).click();
      const form = page.getByRole("form", { name: "Add Product" });
      await form.getByLabel("Name").fill("A11y Field Errors");
      await form.getByLabel("Price (USD)").fill("9.99");
      await form.getByLabel("Original price (optional)").fill("4.99");
      await form.getByLabel("Original price (optional)").press("Tab");
      await form.getByLabel("Stock", { exact: true }).fill("abc");
      await form.getByLabel("Stock", { exact: true }).press("Tab");
      await expect(form.getByLabel("Stock", { exact: true })).toHaveAttribute("aria-invalid", "true");
      found.push(...(await violations(page, "admin product editor with field errors")));
      expect(found).toEqual([]);
    });
  });
}
