import { request } from "@playwright/test";
import { expect, test } from "./fixtures.ts";
import { PASSWORD, uniqueEmail } from "./sign-up.ts";
import { noSidewaysScroll } from "./screen.ts";

// Issue 47, "Claims the shop cannot back": the creators named as recommending the shop are the ones
// the owner entered, linked to where they said it; the pages name only the way to pay this store
// (the sandbox) is configured with; the review reward is said to be the same for any rating.
const ADMIN = { email: "admin@shop.test", password: "admin-password-1" };
const PNG_DATA_URL = "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==";

test("the creators named on the home and About pages are the ones the owner entered in Settings, each linked to where they said it @mobile", async ({
  page,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const admin = await request.newContext({ baseURL: baseURL! });
  expect((await admin.post("/api/auth/login", { data: ADMIN })).status()).toBe(200);
  const before = ((await (await admin.get("/api/admin/settings")).json()) as { endorsements: unknown }).endorsements;
  // The demo store names its clearly fictional creators, no real one.
  await page.goto("/");
  const strip = page.getByRole("region", { name: "Recommended by creators" });
  await expect(strip.getByRole("link", { name: /\(demo creator\)$/ }).first()).toHaveAttribute("href", /^https:\/\/example\.com\//);
  await expect(page.getByText("KreekCraft")).toHaveCount(0);
  try {
    expect((await page.request.post("/api/auth/login", { data: ADMIN })).status()).toBe(200);
    await page.goto("/admin?tab=settings");
    const form = page.getByRole("form", { name: "Creators who recommend the shop" });
    await expect(form).toBeVisible({ timeout: 30_000 });
    // The owner removes the demo's creators and enters the one who really recommended the shop.
    while ((await form.getByRole("button", { name: /^Remove/ }).count()) > 0)
      await form
        .getByRole("button", { name: /^Remove/ })
        .first()
        .click();
    await expect(form.getByText("None entered: the pages name no creator.")).toBeVisible();
    await form.getByRole("button", { name: "Add a creator" }).click();
    await form.getByLabel("Creator's name").fill("Builder Bea");
    await form.getByLabel("Where they said it (https://...)").fill("https://example.com/videos/builder-bea-review");
    await noSidewaysScroll(page);
    await form.getByRole("button", { name: "Save Creators" }).click();
    await expect(page.getByText("Endorsements Saved", { exact: true })).toBeVisible();

    await page.goto("/");
    const link = page.getByRole("region", { name: "Recommended by creators" }).getByRole("link", { name: "★ Recommended by Builder Bea" });
    await expect(link).toHaveAttribute("href", "https://example.com/videos/builder-bea-review");
    await expect(page.getByText(/demo creator/)).toHaveCount(0);
    await noSidewaysScroll(page);
    await page.goto("/about");
    await expect(page.getByRole("link", { name: "Builder Bea" })).toHaveAttribute("href", "https://example.com/videos/builder-bea-review");

    // None entered: no strip, no such reason on About.
    expect((await admin.put("/api/admin/settings/endorsements", { data: { creators: [] } })).status()).toBe(204);
    await page.goto("/");
    await expect(page.getByRole("region", { name: "Recommended by creators" })).toHaveCount(0);
    await page.goto("/about");
    await expect(page.getByText(/recommended by/i)).toHaveCount(0);
  } finally {
    await admin.put("/api/admin/settings/endorsements", { data: before });
    await admin.dispose();
  }
});

test("the pages name only the configured way to pay, and the review reward is the same for any rating @mobile", async ({ page, browser }) => {
  test.setTimeout(120_000);
  // The Terms, the FAQ and the Refund Policy of this sandbox store: its test button, no PayPal, no bank transfer or ATM/cash.
  for (const path of ["/terms", "/faq", "/refunds", "/", "/about", "/how-it-works"]) {
    await page.goto(path);
    const text = await page.locator("main").innerText();
    expect(text, path).not.toMatch(/bank transfer|\bATM\b|paypal|\b(credit|debit) cards?\b/i);
  }
  await page.goto("/terms");
  await expect(page.getByText(/You pay at checkout with the test payment button/)).toBeVisible();
  await page.goto("/faq");
  await page.locator("summary", { hasText: "Which payment methods do you accept?" }).click();
  await expect(page.getByText(/You pay at checkout with the test payment button/)).toBeVisible();
  await noSidewaysScroll(page);

  // Where the reward is offered: the dashboard's Points tab.
  const email = uniqueEmail("claims");
  expect((await page.request.post("/api/auth/register", { data: { birthDate: "1990-01-01", acceptTerms: true, email, password: PASSWORD } })).status()).toBe(
    201,
  );
  expect((await page.request.post("/api/auth/login-user", { data: { email, password: PASSWORD } })).status()).toBe(200);
  await page.goto("/dashboard?tab=points");
  await expect(page.getByTestId("review-reward-any-rating")).toHaveText(/Any honest review counts, good or bad/);
  await noSidewaysScroll(page);
  expect((await page.request.post("/api/trustpilot-submit", { data: { screenshotUrl: PNG_DATA_URL, userId: null } })).status()).toBe(201);

  // And the Reviews tab's approval says what an approval is for.
  const adminContext = await browser.newContext({ viewport: page.viewportSize()! });
  const admin = await adminContext.newPage();
  expect((await admin.request.post("/api/auth/login", { data: ADMIN })).status()).toBe(200);
  await admin.goto("/admin?tab=submissions");
  await admin
    .getByRole("list", { name: "Submissions" })
    .getByRole("button", { name: new RegExp(email.replace(/[.]/g, "\\.")) })
    .click();
  await expect(admin.getByLabel("Review pane")).toContainText("Approve a real review of this shop, of any rating: one star or five");
  await noSidewaysScroll(admin);
  await adminContext.close();
});
