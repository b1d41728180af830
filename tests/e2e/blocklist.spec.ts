import AxeBuilder from "@axe-core/playwright";
import { expect, test } from "./fixtures.ts";

// Issue 37: the Blocklist screen, opened from the Risk queue: a manager adds an entry with a note and
// an expiry, sees it in the list and removes it. At 390 px (mobile project) and 1366 px, with the
// console/CSP guard, axe's WCAG A/AA rules and no sideways scroll.
const ADMIN = { email: "admin@shop.test", password: "admin-password-1" };
const WCAG_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22a", "wcag22aa"];

test("the blocklist: add a range with a note and an expiry, then remove it @mobile", async ({ page }) => {
  test.setTimeout(120_000);
  const range = `198.51.${Math.floor(Math.random() * 200)}.0/24`;
  expect((await page.request.post("/api/auth/login", { data: ADMIN })).status()).toBe(200);
  await page.goto("/admin?tab=orders");
  await expect(page.getByRole("heading", { name: "Admin Panel" })).toBeVisible({ timeout: 60_000 });
  await page.getByRole("button", { name: "Risk queue" }).click();
  await page.getByRole("button", { name: "Open the blocklist" }).click();
  await expect(page.getByRole("heading", { name: "Blocklist" })).toBeVisible();

  const form = page.getByRole("form", { name: "Add to the blocklist" });
  await form.getByLabel("Kind").selectOption("ip");
  await form.getByLabel("Value").fill(range);
  await form.getByLabel("Note (why)").fill("Card testing from this network");
  await form.getByLabel("Expires (optional)").fill("2099-12-31");
  await form.getByRole("button", { name: "Block" }).click();
  const row = page.locator(`[data-block="${range}"]`);
  await expect(row).toBeVisible({ timeout: 30_000 });
  await expect(row).toContainText("Card testing from this network");
  await expect(row).toContainText("until");

  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(page.viewportSize()!.width);
  const results = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);

  await page.getByRole("button", { name: `Remove ${range} from the blocklist` }).click();
  await expect(row).toBeHidden({ timeout: 30_000 });
});
