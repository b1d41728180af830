import type { Page } from "@playwright/test";
import { allowConsoleError, expect, test } from "./fixtures.ts";

// Issue 20: passkeys for shoppers and staff. Chromium's virtual authenticator (DevTools' WebAuthn
// domain) stands in for the phone or laptop: a real WebAuthn ceremony, checked by the server.
const PASSWORD = "correct horse battery";
const ADMIN = { email: "admin@shop.test", password: "admin-password-1" };

async function withAuthenticator(page: Page): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("WebAuthn.enable");
  await cdp.send("WebAuthn.addVirtualAuthenticator", {
    options: {
      protocol: "ctap2",
      transport: "internal",
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
}

test("a shopper adds a passkey in account settings, logs out, and signs in with it without a password @mobile", async ({ page }) => {
  // Calls a signed-out page makes (401) and a shopper's passkey refused at the admin sign-in (403), logged as failed loads.
  allowConsoleError(/status of 40[13]/);
  await withAuthenticator(page);
  const email = `passkey-${Date.now().toString(36)}@shop.test`;
  expect((await page.request.post("/api/auth/register", { data: { birthDate: "1990-01-01", acceptTerms: true, email, password: PASSWORD } })).status()).toBe(
    201,
  );
  expect((await page.request.post("/api/auth/login-user", { data: { email, password: PASSWORD } })).status()).toBe(200);

  await page.goto("/dashboard");
  const passkeys = page.getByRole("region", { name: "Passkeys" });
  await passkeys.scrollIntoViewIfNeeded();
  await expect(passkeys.getByText("No passkeys yet.")).toBeVisible();
  await passkeys.getByLabel("Passkey name (optional)").fill("My phone");
  await passkeys.getByRole("button", { name: "Add a passkey" }).click();
  await expect(passkeys.getByRole("status")).toHaveText(/Passkey added/);
  await expect(passkeys.getByRole("list", { name: "Your passkeys" }).getByRole("listitem")).toHaveText([/My phone/]);
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);

  // Signed out, the login page signs in with the passkey alone.
  expect((await page.request.post("/api/auth/logout")).status()).toBeLessThan(300);
  expect((await page.request.get("/api/auth/user")).status()).toBe(401);
  await page.goto("/login");
  await page.getByRole("button", { name: "Sign in with a passkey" }).click();
  await page.waitForURL((url) => !url.pathname.startsWith("/login"));
  const me = await page.request.get("/api/auth/user");
  expect(me.status()).toBe(200);
  expect((await me.json()).email).toBe(email);

  // The admin panel's login takes only staff: a shopper's passkey opens nothing there.
  expect((await page.request.post("/api/auth/logout")).status()).toBeLessThan(300);
  await page.goto("/admin");
  await page.getByRole("button", { name: "Sign in with a passkey" }).click();
  await expect(page.getByText("Invalid credentials or insufficient permissions")).toBeVisible();
  await expect(page.getByRole("heading", { name: "Admin Panel" })).toHaveCount(0);
  expect((await page.request.get("/api/auth/user")).status()).toBe(401);
  expect((await page.request.post("/api/auth/login-user", { data: { email, password: PASSWORD } })).status()).toBe(200);

  // The passkey can be removed; then it signs in nobody.
  await page.goto("/dashboard");
  await passkeys.scrollIntoViewIfNeeded();
  await passkeys.getByRole("button", { name: "Remove My phone" }).click();
  await expect(passkeys.getByText("No passkeys yet.")).toBeVisible();
});

test("a passkey opens the admin panel for a staff member", async ({ page }) => {
  await withAuthenticator(page);
  expect((await page.request.post("/api/auth/login", { data: ADMIN })).status()).toBe(200);
  await page.goto("/admin");
  await page.getByText("Sessions", { exact: true }).click();
  const passkeys = page.getByRole("region", { name: "Passkeys" });
  await passkeys.getByRole("button", { name: "Add a passkey" }).click();
  await expect(passkeys.getByRole("status")).toHaveText(/Passkey added/);

  await page.getByRole("button", { name: "Logout" }).click();
  await expect(page.getByRole("button", { name: "Sign in with a passkey" })).toBeVisible();
  await page.getByRole("button", { name: "Sign in with a passkey" }).click();
  await expect(page.getByRole("heading", { name: "Admin Panel" })).toBeVisible();

  // Clean up: the admin's passkey is removed so other journeys start as they expect.
  await page.getByText("Sessions", { exact: true }).click();
  await page
    .getByRole("region", { name: "Passkeys" })
    .getByRole("button", { name: /^Remove / })
    .click();
  await expect(page.getByRole("region", { name: "Passkeys" }).getByText("No passkeys yet.")).toBeVisible();
});

// Issue 47: the admin login's "Sign in with a passkey" spanned the page outside the login card.
test("the passkey button sits inside its login card, on the admin and the shop's login @mobile", async ({ page }) => {
  for (const [path, heading] of [
    ["/admin", "Admin Login"],
    ["/login", "Log in"],
  ] as const) {
    await page.goto(path);
    const title = page.getByRole("heading", { name: heading, level: 1 });
    await expect(title).toBeVisible();
    const button = page.getByRole("button", { name: "Sign in with a passkey" });
    await expect(button).toBeEnabled();
    const card = title.locator("xpath=ancestor::*[contains(concat(' ', normalize-space(@class), ' '), ' card ')][1]");
    const [b, c] = [(await button.boundingBox())!, (await card.boundingBox())!];
    expect(b.x, path).toBeGreaterThanOrEqual(c.x);
    expect(b.x + b.width, path).toBeLessThanOrEqual(c.x + c.width);
    expect(b.y + b.height, path).toBeLessThanOrEqual(c.y + c.height);
  }
});
