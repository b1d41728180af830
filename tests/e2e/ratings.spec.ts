import type { APIRequestContext, Browser, Page } from "@playwright/test";
import { placeOrder } from "./orders.ts";
import { expect, test } from "./fixtures.ts";
import { starParts } from "#src/lib/star-parts.ts";
import { shortId } from "#domain/shared/short-id.ts";

// Issue 36, ratings from buyers: a shopper rates a delivered order from the dashboard (the delivery
// email's link, /dashboard?rate=<id>), an administrator publishes it with a public reply in the
// Reviews tab, and the product page shows it, with JSON-LD from it, at 390 and 1366 px.
const ADMIN = { email: "admin@shop.test", password: "admin-password-1" };
const PASSWORD = "correct horse battery";
// The first visit's promo stays closed (about:blank, where the script runs too, has no storage).
const HIDE_PROMO = () => {
  try {
    window.localStorage.setItem("hasSeenPromo", "true");
  } catch {
    // not a page of the shop
  }
};
const unique = (tag: string) => `${tag}-${Date.now().toString(36)}-${Math.floor(Math.random() * 1e6)}`;

async function signedInShopper(request: APIRequestContext): Promise<void> {
  const email = `${unique("rater")}@shop.test`;
  expect((await request.post("/api/auth/register", { data: { birthDate: "1990-01-01", acceptTerms: true, email, password: PASSWORD } })).status()).toBe(201);
  expect((await request.post("/api/auth/login-user", { data: { email, password: PASSWORD } })).status()).toBe(200);
}

/** A page of a new context signed in as the administrator. */
async function adminPage(browser: Browser, width: number): Promise<Page> {
  const context = await browser.newContext({ viewport: { width, height: 900 } });
  await context.addInitScript(HIDE_PROMO);
  const page = await context.newPage();
  expect((await page.request.post("/api/auth/login", { data: ADMIN })).status()).toBe(200);
  return page;
}

async function expectNoSidewaysScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
}

for (const width of [390, 1366]) {
  test.describe(`ratings at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });
    test.describe.configure({ timeout: 180_000 });

    test(`a shopper rates a delivered order; an admin publishes it with a reply; the product page shows it (${width} px)`, async ({ page, browser }) => {
      await page.addInitScript(HIDE_PROMO);
      await signedInShopper(page.request);
      const orderId = await placeOrder(page.request, { email: "rater@shop.test", robloxUsername: "Rater_One" });
      const short = shortId(orderId);
      const comment = `Quick and friendly ${unique("c")}`;
      const reply = `Thanks, enjoy it! ${unique("r")}`;

      // Before delivery there is nothing to rate, and the API says so.
      await page.goto("/dashboard");
      const card = page
        .getByRole("list", { name: "Your orders" })
        .getByRole("listitem")
        .filter({ hasText: `Order #${short}` });
      await expect(card).toBeVisible();
      await expect(card.getByRole("button", { name: `Rate order #${short}` })).toHaveCount(0);

      const admin = await adminPage(browser, width);
      expect((await admin.request.patch(`/api/orders/${orderId}/status`, { data: { status: "completed" } })).status()).toBe(200);

      // The delivery email's link opens the form on that order.
      await page.goto(`/dashboard?rate=${orderId}`);
      const form = page.getByRole("region", { name: `Rate order #${short}` });
      await expect(form).toBeVisible();
      // By keyboard: the stars are a radio group (arrows move and choose).
      await form.getByRole("radio", { name: "1 star" }).focus();
      for (let i = 0; i < 3; i++) await page.keyboard.press("ArrowRight");
      await expect(form.getByRole("radio", { name: "4 stars" })).toBeChecked();
      await form.getByLabel("Comment (optional)").fill(comment);
      await form.getByRole("button", { name: /^Send rating/ }).click();
      await expect(form.getByText("Thanks! It shows on the product page once our team has read it.")).toBeVisible();
      await expect(form.getByRole("img", { name: "4 out of 5 stars" })).toBeVisible();
      await expectNoSidewaysScroll(page);
      const [rated] = (await (await page.request.get(`/api/orders/${orderId}/ratings`)).json()) as { productId: string }[];
      const productId = rated!.productId;
      // Not on the product page while it waits.
      await page.goto(`/product/${productId}`);
      await expect(page.getByText(comment)).toHaveCount(0);

      // The administrator publishes it with a public reply.
      await admin.goto("/admin?tab=submissions");
      await expect(admin.getByRole("heading", { name: "Admin Panel" })).toBeVisible({ timeout: 30_000 });
      await expect(admin.getByRole("heading", { name: "Buyers' Ratings" })).toBeVisible({ timeout: 30_000 });
      const item = admin.getByRole("article").filter({ hasText: comment });
      await expect(item).toBeVisible();
      // The list it is in and its badge say the same word (issue 47: "Waiting" beside "Pending").
      const pressed = admin.getByRole("group", { name: "Show ratings" }).getByRole("button", { pressed: true });
      expect(await item.locator("h3 + span").innerText()).toBe(await pressed.innerText());
      await item.getByLabel("Public reply (optional)").fill(reply);
      await item.getByRole("button", { name: "Publish" }).click();
      await expect(admin.getByText("Rating Published", { exact: true })).toBeVisible();
      await admin.getByRole("button", { name: "Published", exact: true }).click();
      await expect(admin.getByRole("article").filter({ hasText: comment })).toBeVisible();
      await expectNoSidewaysScroll(admin);
      await admin.context().close();

      // The (cached) product page shows it at once, with the reply, and its JSON-LD counts it.
      await page.goto(`/product/${productId}`);
      const section = page.getByRole("region", { name: "Ratings from buyers" });
      await expect(section.getByText(comment)).toBeVisible();
      await expect(section.getByText(reply)).toBeVisible();
      await expect(section.getByText(/Rated \d\.\d out of 5 from \d+ ratings?/)).toBeVisible();
      // The stars drawn are the average to the nearest half (issue 47: "Rated 4.5" drew five full ones).
      const average = Number(/Rated (\d\.\d)/.exec(await section.getByText(/Rated \d\.\d/).innerText())![1]);
      const drawn = await section.locator("[data-stars] [data-star]").evaluateAll((stars) => stars.map((s) => s.getAttribute("data-star")));
      const parts = starParts(average);
      expect(drawn).toEqual([...Array(parts.full).fill("full"), ...Array(parts.half).fill("half"), ...Array(parts.empty).fill("empty")]);
      const scripts = await page.locator('script[type="application/ld+json"]').allTextContents();
      const ld = scripts.map((text) => JSON.parse(text) as Record<string, unknown>).find((data) => data["@type"] === "Product") as {
        aggregateRating?: { ratingCount: number };
        review?: { reviewBody?: string }[];
      };
      expect(ld.aggregateRating?.ratingCount).toBeGreaterThan(0);
      expect(ld.review?.some((r) => r.reviewBody === comment)).toBe(true);
      await expectNoSidewaysScroll(page);
    });
  });
}
