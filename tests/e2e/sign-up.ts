import { expect, type Page } from "@playwright/test";

/** The password every journey's shopper signs up with. */
export const PASSWORD = "correct horse battery";

/** An address no earlier run used: `tag-<time>-<random>@shop.test`. */
export const uniqueEmail = (tag: string) => `${tag}-${Date.now().toString(36)}-${Math.floor(Math.random() * 1e6)}@shop.test`;

/** Creates an account with PASSWORD through the login page's Sign up form, as a shopper would; it ends on the Log in form. */
export async function signUp(page: Page, email: string, options: { firstName?: string } = {}): Promise<void> {
  await page.goto("/login");
  await page.getByRole("button", { name: "Sign up" }).click();
  await expect(page.getByRole("heading", { name: "Create account" })).toBeVisible();
  if (options.firstName) await page.getByLabel("First name (optional)").fill(options.firstName);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await page.getByLabel("Confirm password").fill(PASSWORD);
  await page.getByRole("checkbox", { name: /Terms of Service/ }).check();
  await page.getByRole("button", { name: "Create Account" }).click();
  await expect(page.getByRole("status")).toContainText("Account created!");
}

/** signUp, then logs in on the form it ends on (the email is kept): lands on the dashboard. */
export async function signUpAndLogIn(page: Page, email: string): Promise<void> {
  await signUp(page, email);
  await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await page.getByRole("button", { name: "Log In" }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
}
