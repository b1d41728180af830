import AxeBuilder from "@axe-core/playwright";
import { request } from "@playwright/test";
import { expect, test } from "./fixtures.ts";

// Issue 38: the owner adds an outgoing webhook in the Settings tab, sees its secret once, and it is
// listed. At 390 px (mobile project) and 1366 px, with axe's WCAG A/AA rules and no sideways scroll.
// The URL is a public address literal (no DNS in the test machine); no event is sent to it, and it
// is removed after.
const ADMIN = { email: "admin@shop.test", password: "admin-password-1" };
const WCAG_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22a", "wcag22aa"];

test("the owner adds a webhook in Settings and sees its secret once @mobile", async ({ page, baseURL }, testInfo) => {
  test.setTimeout(120_000);
  const mark = `${testInfo.project.name}-${Date.now()}`;
  const admin = await request.newContext({ baseURL: baseURL! });
  expect((await admin.post("/api/auth/login", { data: ADMIN })).status()).toBe(200);
  try {
    expect((await page.request.post("/api/auth/login", { data: ADMIN })).status()).toBe(200);
    await page.goto("/admin?tab=settings");
    const section = page.getByRole("region", { name: "Webhooks" });
    await expect(section).toBeVisible({ timeout: 60_000 });
    await section.getByLabel("URL (https)").fill(`https://93.184.216.34/${mark}/hook`);
    await section.getByLabel("Format").selectOption("discord");
    await section.getByLabel("New support conversation").check();
    await section.getByRole("button", { name: "Add Webhook" }).click();
    const secret = section.getByRole("status");
    await expect(secret).toContainText("shown this once", { timeout: 30_000 });
    await expect(secret.locator("code")).toHaveText(/^whsec_/);
    const listed = section.getByRole("list", { name: "Webhooks" }).getByRole("listitem").filter({ hasText: mark });
    await expect(listed).toContainText("Discord");
    await expect(listed).toContainText("New paid order, New support conversation");
    await listed.getByRole("button", { name: "Deliveries" }).click();
    await expect(listed).toContainText("Nothing sent yet.");

    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(page.viewportSize()!.width);
    const results = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
    expect(results.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);

    await section.getByRole("button", { name: "I Have Copied It" }).click();
    await expect(secret).toBeHidden();
    // Reloaded, the list never shows the secret again.
    await page.reload();
    await expect(page.getByRole("region", { name: "Webhooks" }).getByText(mark)).toBeVisible({ timeout: 60_000 });
    await expect(page.getByText(/whsec_/)).toHaveCount(0);
  } finally {
    const { webhooks } = (await (await admin.get("/api/admin/webhooks")).json()) as { webhooks: { id: string; url: string }[] };
    for (const w of webhooks.filter((w) => w.url.includes(mark))) await admin.delete(`/api/admin/webhooks/${w.id}`);
    await admin.dispose();
  }
});
