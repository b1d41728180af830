import Database from "better-sqlite3";
import { join } from "node:path";
import type { Browser, Page } from "@playwright/test";
import { axeResults } from "./axe.ts";
import { allowConsoleError, expect, test } from "./fixtures.ts";
import { emailsTo, emailTo } from "./mailbox.ts";
import { confirmRequirements } from "./orders.ts";
import { birthDateAged, PASSWORD, signUp, uniqueEmail } from "./sign-up.ts";
import { noSidewaysScroll } from "./screen.ts";

// "Ask a parent to pay" (issue 52) in the browser: the e2e store writes its emails as .eml files
// (tests/e2e/mailbox.ts); the real SMTP server's journey is tests/integration/parent-payment-api.test.ts.

/** A teenager signed up through the form, logged in, with one item in the cart: its name. */
async function teenWithCart(page: Page, years: number): Promise<{ email: string; product: string }> {
  const email = uniqueEmail(`teen${years}`);
  await signUp(page, email, { birthDate: birthDateAged(years) });
  await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await page.getByRole("button", { name: "Log In" }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  expect((await (await page.request.get("/api/auth/session")).json()).user.minor).toBe(true);
  const products = (await (await page.request.get("/api/products")).json()) as { id: string; name: string; stock: number }[];
  const product = products.find((p) => p.stock > 5)!;
  expect((await page.request.post("/api/cart", { data: { productId: product.id, quantity: 1 } })).status()).toBeLessThan(300);
  return { email, product: product.name };
}

/** At checkout, the minor asks a parent instead of paying; answers the link the parent was emailed. */
async function askParent(page: Page, parentEmail: string, childEmail: string): Promise<string> {
  await page.goto("/checkout");
  await page.getByLabel("Roblox username").fill("Builder_42");
  await expect(page.getByRole("button", { name: "Continue to Payment" })).toBeEnabled();
  await confirmRequirements(page);
  await page.getByRole("button", { name: "Continue to Payment" }).click();
  await expect(page.getByRole("button", { name: "Ask a parent to pay" })).toBeVisible();
  await expect(page.getByRole("button", { name: /Pay .* with test payment/ })).toHaveCount(0);
  await noSidewaysScroll(page);
  await page.getByLabel("Your parent's email").fill(parentEmail);
  await page.getByRole("button", { name: "Ask a parent to pay" }).click();
  await expect(page.getByRole("status").filter({ hasText: `We emailed ${parentEmail}` })).toBeVisible();
  const child = childEmail.split("@")[0]!;
  const text = await emailTo(parentEmail, `${child} asks you to pay`);
  return /https?:\/\/\S+\/pay\/[A-Za-z0-9_-]+/.exec(text)![0];
}

async function parentPage(browser: Browser, baseURL: string | undefined, link: string, isMobile: boolean) {
  const context = await browser.newContext({
    baseURL: baseURL!,
    ...(isMobile ? { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true } : {}),
  });
  const page = await context.newPage();
  await page.goto(link);
  return { page, close: () => context.close() };
}

test("a 12-year-old cannot make an account: the form says so at the date @mobile", async ({ page }) => {
  allowConsoleError(/status of 422/);
  await page.goto("/login");
  await page.getByRole("button", { name: "Sign up" }).click();
  await page.getByLabel("Email").fill(uniqueEmail("twelve"));
  await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await page.getByLabel("Confirm password").fill(PASSWORD);
  await page.getByLabel("Date of birth").fill(birthDateAged(12));
  await page.getByRole("checkbox", { name: /Terms of Service/ }).check();
  await page.getByRole("button", { name: "Create Account" }).click();
  await expect(page.getByLabel("Date of birth")).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByText("You must be 13 or older")).toBeVisible();
  await expect(page.getByText("Account created!")).toHaveCount(0);
});

test("a 15-year-old's checkout emails the parent one link that pays the exact cart; the order is the child's, the receipt the parent's @mobile", async ({
  page,
  browser,
  baseURL,
  isMobile,
}) => {
  const { email, product } = await teenWithCart(page, 15);
  const parentEmail = uniqueEmail("parent");
  const link = await askParent(page, parentEmail, email);
  expect(await emailsTo(parentEmail, email.split("@")[0]!)).toHaveLength(1);

  const parent = await parentPage(browser, baseURL, link, isMobile);
  await expect(parent.page.getByRole("heading", { name: /To pay: \$/ })).toBeVisible();
  await expect(parent.page.getByText(`${product} × 1`)).toBeVisible();
  // Whom it goes to, as Roblox showed the child: display name, username and avatar.
  await expect(parent.page.getByText("Delivered in Roblox to Builder (@Builder_42).")).toBeVisible();
  await expect(parent.page.locator('img[src^="https://tr.rbxcdn.com/"]')).toBeVisible();
  await noSidewaysScroll(parent.page);
  expect((await axeResults(parent.page)).violations).toEqual([]);
  await parent.page.getByRole("button", { name: /Pay .* with test payment/ }).click();
  await expect(parent.page.getByRole("heading", { name: "Paid, thank you!" })).toBeVisible();
  await parent.close();

  await emailTo(parentEmail, "Your BloxBazaar order");
  const orders = (await (await page.request.get("/api/orders")).json()) as { items: { productName: string }[] }[];
  expect(orders[0]!.items.map((item) => item.productName)).toEqual([product]);
});

test("a declined, a changed-cart or an expired link pays nothing, and the page says why @mobile", async ({ page, browser, baseURL, isMobile }) => {
  // Three links, three parents' pages and a sign-up: longer than one journey's default under load.
  test.setTimeout(90_000);
  allowConsoleError(/status of 410/);
  const { email } = await teenWithCart(page, 16);

  const declinedBy = uniqueEmail("parent-no");
  const declined = await parentPage(browser, baseURL, await askParent(page, declinedBy, email), isMobile);
  await declined.page.getByRole("button", { name: "Not now (decline)" }).click();
  await expect(declined.page.getByRole("heading", { name: "Declined" })).toBeVisible();
  await declined.page.reload();
  await expect(declined.page.getByText("This payment was declined, so nothing was charged")).toBeVisible();
  await declined.close();
  await emailTo(email, "Your parent said");

  const changedBy = uniqueEmail("parent-changed");
  const changedLink = await askParent(page, changedBy, email);
  const products = (await (await page.request.get("/api/products")).json()) as { id: string; stock: number }[];
  await page.request.post("/api/cart", { data: { productId: products.filter((p) => p.stock > 5)[1]!.id, quantity: 1 } });
  const changed = await parentPage(browser, baseURL, changedLink, isMobile);
  await expect(changed.page.getByRole("heading", { name: "This link pays nothing" })).toBeVisible();
  await expect(changed.page.getByText("Their cart changed")).toBeVisible();
  await expect(changed.page.getByRole("button", { name: /Pay/ })).toHaveCount(0);
  await changed.close();

  const expiredBy = uniqueEmail("parent-late");
  const expiredLink = await askParent(page, expiredBy, email);
  const db = new Database(join(process.env["E2E_DATA_DIR"]!, "shop.db"));
  try {
    db.prepare(`update parent_pay_links set expiresAt = ? where parentEmail = ?`).run(new Date(Date.now() - 60_000).toISOString(), expiredBy);
  } finally {
    db.close();
  }
  const expired = await parentPage(browser, baseURL, expiredLink, isMobile);
  await expect(expired.page.getByText("This payment link has expired")).toBeVisible();
  await expired.close();
  expect(((await (await page.request.get("/api/orders")).json()) as unknown[]).length).toBe(0);
});

test("an account without a date of birth is asked for it once, in place, before it pays @mobile", async ({ page }) => {
  const email = uniqueEmail("nodate");
  expect((await page.request.post("/api/auth/register", { data: { acceptTerms: true, email, password: PASSWORD } })).status()).toBe(201);
  expect((await page.request.post("/api/auth/login-user", { data: { email, password: PASSWORD } })).status()).toBe(200);
  const products = (await (await page.request.get("/api/products")).json()) as { id: string; stock: number }[];
  await page.request.post("/api/cart", { data: { productId: products.find((p) => p.stock > 5)!.id, quantity: 1 } });
  await page.goto("/checkout");
  await page.getByLabel("Roblox username").fill("Builder_42");
  await expect(page.getByRole("button", { name: "Continue to Payment" })).toBeEnabled();
  await confirmRequirements(page);
  await page.getByRole("button", { name: "Continue to Payment" }).click();
  await expect(page.getByText("Enter your date of birth.")).toBeVisible();
  await expect(page.getByLabel("Date of birth")).toHaveAttribute("aria-invalid", "true");
  await page.getByLabel("Date of birth").fill("1992-04-10");
  await page.getByRole("button", { name: "Continue to Payment" }).click();
  await expect(page.getByRole("button", { name: /Pay .* with test payment/ })).toBeVisible();
  await expect(page.getByLabel("Date of birth")).toHaveCount(0);
  await noSidewaysScroll(page);
});
