import { expect, type Page } from "@playwright/test";

/** The date of birth a journey's shopper signs up with: an adult's, who pays themselves. */
export const ADULT_BIRTH_DATE = "1990-01-01";

/** The date of birth of someone `years` old today (their birthday a month ago). */
export function birthDateAged(years: number, now = new Date()): string {
  const date = new Date(Date.UTC(now.getUTCFullYear() - years, now.getUTCMonth(), now.getUTCDate()));
  date.setUTCMonth(date.getUTCMonth() - 1);
  return date.toISOString().slice(0, 10);
}

/** The password every journey's shopper signs up with. */
export const PASSWORD = "correct horse battery";

/** An address no earlier run used: `tag-<time>-<random>@shop.test`. */
export const uniqueEmail = (tag: string) => `${tag}-${Date.now().toString(36)}-${Math.floor(Math.random() * 1e6)}@shop.test`;

/** Creates an account with PASSWORD through the login page's Sign up form, as a shopper would; it ends on the Log in form. */
export async function signUp(page: Page, email: string, options: { firstName?: string; birthDate?: string } = {}): Promise<void> {
  await page.goto("/login");
  await page.getByRole("button", { name: "Sign up" }).click();
  await expect(page.getByRole("heading", { name: "Create account" })).toBeVisible();
  if (options.firstName) await page.getByLabel("First name (optional)").fill(options.firstName);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await page.getByLabel("Confirm password").fill(PASSWORD);
  // An adult unless the journey says otherwise (issue 52: under 18, a parent pays).
  await page.getByLabel("Date of birth").fill(options.birthDate ?? ADULT_BIRTH_DATE);
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
