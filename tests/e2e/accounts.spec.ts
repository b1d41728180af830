import { allowConsoleError, expect, test } from "./fixtures.ts";
import { noSidewaysScroll } from "./screen.ts";
import { birthDateAged, PASSWORD, signUp, uniqueEmail } from "./sign-up.ts";

test.describe("accounts", () => {
  test("sign up, then log in and land on the dashboard with the name in the header", async ({ page }) => {
    const email = uniqueEmail("signup");
    await signUp(page, email);
    // Registration switches to log in, keeps the email and clears the passwords.
    await expect(page.getByRole("heading", { name: "Log in" })).toBeVisible();
    await expect(page.getByLabel("Email")).toHaveValue(email);
    await expect(page.getByLabel("Password", { exact: true })).toHaveValue("");

    await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
    await page.getByRole("button", { name: "Log In" }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    // Issue 19: greeted by the part of the address before the @ when no first name was given.
    await expect(page.getByTestId("header-user")).toHaveText(email.split("@")[0]!);
    await expect(page.getByRole("heading", { level: 1 })).toContainText(email.split("@")[0]!);
  });

  test("logging in from a page comes back to that page; logout goes home", async ({ page }) => {
    const email = uniqueEmail("redirect");
    await signUp(page, email);
    await page.goto("/shop/doors?sort=name");
    await page.getByRole("link", { name: "Login" }).click();
    await expect(page).toHaveURL(/\/login\?redirect=%2Fshop%2Fdoors%3Fsort%3Dname$/);
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
    await page.getByRole("button", { name: "Log In" }).click();
    await expect(page).toHaveURL(/\/shop\/doors\?sort=name$/);
    await expect(page.getByTestId("header-user")).toHaveText(email.split("@")[0]!);

    await page.getByRole("button", { name: "Logout" }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole("link", { name: "Login" })).toBeVisible();
  });

  test("mismatched passwords show the notice and send no request", async ({ page }) => {
    await page.goto("/login");
    await page.getByRole("button", { name: "Sign up" }).click();
    const requests: string[] = [];
    page.on("request", (r) => void (r.url().includes("/api/auth/") && requests.push(r.url())));
    await page.getByLabel("Email").fill(uniqueEmail("mismatch"));
    await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
    await page.getByLabel("Confirm password").fill("something else");
    await page.getByRole("button", { name: "Create Account" }).click();
    await expect(page.getByRole("alert")).toContainText("Passwords don't match");
    await expect(page.getByRole("alert")).toContainText("Please make sure your passwords match");
    expect(requests).toEqual([]);
    // Toggling clears the fields.
    await page.getByRole("button", { name: "Log in" }).click();
    await expect(page.getByLabel("Email")).toHaveValue("");
  });

  test("a wrong password shows the server's message; the dashboard asks visitors to log in", async ({ page }) => {
    // The refused sign-in, which the browser logs as a failed load.
    allowConsoleError(/status of 401/);
    await page.goto("/login");
    await page.getByLabel("Email").fill(uniqueEmail("nobody"));
    await page.getByLabel("Password", { exact: true }).fill("wrong-password");
    await page.getByRole("button", { name: "Log In" }).click();
    await expect(page.getByRole("alert")).toContainText("Invalid email or password");

    await page.goto("/dashboard");
    await expect(page.getByRole("heading", { name: "Login required" })).toBeVisible();
    await page.getByRole("main").getByRole("link", { name: "Log in" }).click();
    await expect(page).toHaveURL(/\/login\?redirect=\/dashboard$/);
  });

  test("what the server refuses is said under its field, which is focused; nothing else is lost @mobile", async ({ page }) => {
    // The refused sign-ups, which the browser logs as failed loads.
    allowConsoleError(/status of 4(00|22)/);
    await page.goto("/login");
    await page.getByRole("button", { name: "Sign up" }).click();
    const email = uniqueEmail("fields");
    await page.getByLabel("Email").fill(email);
    const password = page.getByLabel("Password", { exact: true });
    await password.fill("password123");
    await page.getByLabel("Confirm password").fill("password123");
    await page.getByLabel("Date of birth").fill("1990-01-01");
    await page.getByRole("checkbox", { name: /Terms of Service/ }).check();
    await page.getByRole("button", { name: "Create Account" }).click();
    await expect(password).toHaveAttribute("aria-invalid", "true");
    await expect(password).toHaveAccessibleDescription(/one of the most common ones/);
    await expect(password).toBeFocused();
    await expect(page.getByRole("alert")).toHaveCount(0);
    await expect(page.getByLabel("Email")).toHaveValue(email);
    await noSidewaysScroll(page);

    await password.fill(PASSWORD);
    await expect(password).not.toHaveAttribute("aria-invalid", "true");
    await page.getByLabel("Confirm password").fill(PASSWORD);
    const birthDate = page.getByLabel("Date of birth");
    await birthDate.fill(birthDateAged(12));
    await page.getByRole("button", { name: "Create Account" }).click();
    await expect(birthDate).toHaveAttribute("aria-invalid", "true");
    await expect(birthDate).toHaveAccessibleDescription(/You must be 13 or older/);
    await expect(page.getByText(/birthDate|newPassword|acceptTerms/)).toHaveCount(0);
  });

  test("Continue with Google is hidden when Google is not configured", async ({ page }) => {
    await page.goto("/login");
    await expect(page.getByRole("link", { name: "Continue with Google" })).toHaveCount(0);
  });
});
