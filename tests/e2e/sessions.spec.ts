import { expect, test } from "./fixtures.ts";

// Issue 20: the dashboard and the admin panel list where the account is signed in; a shopper signs
// out a phone they no longer have, and that phone's session is over.
const PASSWORD = "correct horse battery";
const ADMIN = { email: "admin@shop.test", password: "admin-password-1" };
const IPHONE = "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1";

test("a shopper sees this device and their phone in account settings and signs the phone out @mobile", async ({ page, browser }) => {
  const email = `devices-${Date.now().toString(36)}@shop.test`;
  expect((await page.request.post("/api/auth/register", { data: { birthDate: "1990-01-01", acceptTerms: true, email, password: PASSWORD } })).status()).toBe(
    201,
  );
  expect((await page.request.post("/api/auth/login-user", { data: { email, password: PASSWORD } })).status()).toBe(200);
  const phone = await browser.newContext({ userAgent: IPHONE });
  expect((await phone.request.post("/api/auth/login-user", { data: { email, password: PASSWORD } })).status()).toBe(200);

  await page.goto("/dashboard");
  const list = page.getByRole("list", { name: "Active sessions" });
  await list.scrollIntoViewIfNeeded();
  await expect(list.getByRole("listitem")).toHaveCount(2);
  await expect(list.getByRole("listitem").first()).toHaveAccessibleName(/, this device$/);
  await expect(list.getByRole("listitem").first()).toContainText("Active now");
  const iphone = list.getByRole("listitem", { name: "Safari on iPhone" });
  await expect(iphone).toContainText("Active in the last hour");
  await iphone.getByRole("button", { name: "Sign out Safari on iPhone" }).click();
  await expect(page.getByText("Safari on iPhone was signed out.")).toBeVisible();
  await expect(list.getByRole("listitem")).toHaveCount(1);
  expect((await phone.request.get("/api/auth/user")).status()).toBe(401);
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  await phone.close();
});

test("a staff member sees their sessions in the admin panel", async ({ page }) => {
  expect((await page.request.post("/api/auth/login", { data: ADMIN })).status()).toBe(200);
  await page.goto("/admin");
  await page.getByText("Sessions", { exact: true }).click();
  const list = page.getByRole("list", { name: "Active sessions" });
  await expect(list.getByRole("listitem").filter({ hasText: "This device" })).toHaveCount(1);
});
