import { readFileSync } from "node:fs";
import type { Page } from "@playwright/test";
import { allowConsoleError, expect, test } from "./fixtures.ts";

// Issue 20: a shopper takes their data away and deletes their account; a first-time visitor
// answers the analytics consent banner. Desktop, and a 390 px phone (@mobile).
const PASSWORD = "correct horse battery";
const baseURL = `http://localhost:${Number(process.env["E2E_PORT"] ?? 4391)}`;
const uniqueEmail = (tag: string) => `${tag}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@shop.test`;

async function noHorizontalScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
}

test.describe("consent banner", () => {
  // A visitor who has not answered yet (the suite's default visitor has, see playwright.config.ts).
  test.use({ storageState: { cookies: [], origins: [{ origin: baseURL, localStorage: [{ name: "hasSeenPromo", value: "true" }] }] } });

  test("asks once, by keyboard, above the dock; the footer asks again @mobile", async ({ page, context }) => {
    await page.goto("/");
    const banner = page.getByRole("region", { name: "Analytics cookies" });
    await expect(banner).toBeVisible();
    await noHorizontalScroll(page);
    // Never over the chat and help launchers.
    const dock = await page.getByRole("group", { name: "Help and support" }).boundingBox();
    const box = await banner.boundingBox();
    expect(box!.y + box!.height).toBeLessThanOrEqual(dock!.y);
    expect(box!.x + box!.width).toBeLessThanOrEqual(page.viewportSize()!.width);

    // Keyboard: reach Decline and press it.
    await banner.getByRole("button", { name: "Decline" }).focus();
    await page.keyboard.press("Enter");
    await expect(banner).toBeHidden();
    expect((await context.cookies()).find((c) => c.name === "shop_analytics")?.value).toBe("denied");
    await page.goto("/faq");
    await expect(banner).toBeHidden();

    await page.getByRole("button", { name: "Cookie settings" }).click();
    await expect(banner).toBeVisible();
    await expect(banner.getByRole("button", { name: "Accept" })).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(banner).toBeHidden();
    expect((await context.cookies()).find((c) => c.name === "shop_analytics")?.value).toBe("granted");
  });
});

test("download my data, then delete my account with its password @mobile", async ({ page }) => {
  // The refused deletion (wrong password), which the browser logs as a failed load.
  allowConsoleError(/status of 403/);
  const email = uniqueEmail("leaver");
  expect(
    (
      await page.request.post("/api/auth/register", { data: { birthDate: "1990-01-01", email, password: PASSWORD, firstName: "Leaver", acceptTerms: true } })
    ).status(),
  ).toBe(201);
  expect((await page.request.post("/api/auth/login-user", { data: { email, password: PASSWORD } })).status()).toBe(200);
  await page.goto("/dashboard");
  const panel = page.getByRole("region", { name: "Your data" });
  await panel.scrollIntoViewIfNeeded();
  await expect(panel).toBeVisible();
  await noHorizontalScroll(page);

  const [download] = await Promise.all([page.waitForEvent("download"), panel.getByRole("link", { name: "Download my data" }).click()]);
  expect(download.suggestedFilename()).toMatch(/^my-data-\d{4}-\d{2}-\d{2}\.json$/);
  const data = JSON.parse(readFileSync(await download.path(), "utf8"));
  expect(data.account).toMatchObject({ email, firstName: "Leaver" });
  expect(data.consents[0]).toMatchObject({ kind: "terms", choice: "accepted" });

  await expect(panel).toContainText("forfeited");
  const password = panel.getByLabel("Password to confirm");
  await password.fill("not the password");
  await panel.getByRole("button", { name: "Delete my account" }).click();
  let dialog = page.getByRole("alertdialog", { name: "Delete your account for good?" });
  await expect(dialog).toBeVisible();
  await dialog.getByRole("button", { name: "Delete my account" }).click();
  await expect(panel.getByRole("alert")).toContainText("password is not right");
  await expect(dialog).toBeHidden();

  // Cancel changes nothing.
  await password.fill(PASSWORD);
  await panel.getByRole("button", { name: "Delete my account" }).click();
  dialog = page.getByRole("alertdialog", { name: "Delete your account for good?" });
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(dialog).toBeHidden();

  await panel.getByRole("button", { name: "Delete my account" }).click();
  await page.getByRole("alertdialog", { name: "Delete your account for good?" }).getByRole("button", { name: "Delete my account" }).click();
  await expect(page).toHaveURL(/\/\?account=deleted$/);
  expect(await (await page.request.get("/api/auth/session")).json()).toMatchObject({ authenticated: false });
  expect((await page.request.post("/api/auth/login-user", { data: { email, password: PASSWORD } })).status()).toBe(401);
});

test("sign-up needs the Terms and 13+ box: without it the form says so and sends nothing", async ({ page }) => {
  await page.goto("/login");
  await page.getByRole("button", { name: "Sign up" }).click();
  const requests: string[] = [];
  page.on("request", (r) => void (r.url().includes("/api/auth/register") && requests.push(r.url())));
  await page.getByLabel("Email").fill(uniqueEmail("no-box"));
  await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await page.getByLabel("Confirm password").fill(PASSWORD);
  await page.getByRole("button", { name: "Create Account" }).click();
  await expect(page.getByRole("alert")).toContainText("Terms of Service and are at least 13");
  expect(requests).toEqual([]);
  await expect(page.getByRole("main").getByRole("link", { name: "Terms of Service" })).toHaveAttribute("href", "/terms");
  await page.getByRole("checkbox", { name: /Terms of Service/ }).check();
  await page.getByLabel("Date of birth").fill("1990-01-01");
  await page.getByRole("button", { name: "Create Account" }).click();
  await expect(page.getByRole("status")).toContainText("Account created!");
});
