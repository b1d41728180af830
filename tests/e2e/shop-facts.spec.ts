import { expect, test } from "./fixtures.ts";

/**
 * Issue 36 in the browser, at 1366 px and (project "mobile") 390 px: the owner schedules a sale in
 * the Settings tab and the bar counts down to its real end, then disappears; staff with the Support
 * tab open make the chat say how many are online.
 */
const ADMIN = { email: "admin@shop.test", password: "admin-password-1" };

test.describe("a sale that is a sale @mobile", () => {
  test.afterEach(async ({ request }) => {
    await request.post("/api/auth/login", { data: ADMIN });
    await request.put("/api/admin/settings/announcement", { data: { text: null, sale: null } });
  });

  test("the owner schedules a sale in Settings; the bar counts down to its end and is gone after it", async ({ page }) => {
    test.setTimeout(120_000);
    expect((await page.request.post("/api/auth/login", { data: ADMIN })).status()).toBe(200);
    await page.goto("/admin?tab=settings");
    const form = page.getByRole("form", { name: "Announcement and sale" });
    await form.getByLabel("Announcement (no timer; empty: no bar)").fill("New Blox Fruits items every week");
    await form.getByLabel("Schedule a sale").check();
    await form.getByLabel("Sale text").fill("Weekend sale on Blox Fruits");
    const local = (ms: number) => {
      const d = new Date(Date.now() + ms);
      const pad = (n: number) => String(n).padStart(2, "0");
      return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
    };
    await form.getByLabel("Starts").fill(local(-3_600_000));
    await form.getByLabel("Ends").fill(local(2 * 3_600_000 + 60_000));
    await form.getByRole("button", { name: "Save Announcement" }).click();
    await expect(page.getByText("Announcement Saved")).toBeVisible();
    const saved = (await (await page.request.get("/api/announcement")).json()) as { text: string; endsAt: string; maxDiscountPercent: number | null };
    expect(saved.text).toBe("Weekend sale on Blox Fruits");
    const endsAt = Date.parse(saved.endsAt);

    // A shopper: the sale with a countdown to its real end; at the end it gives way to the standing text.
    await page.clock.install({ time: endsAt - 3_600_000 });
    await page.goto("/");
    const bar = page.getByRole("region", { name: "Announcement" });
    await expect(bar).toContainText("Weekend sale on Blox Fruits");
    await expect(bar.locator("time")).toHaveText(/^(01:00:00|00:5\d:\d\d)$/);
    await page.clock.fastForward(3_600_000);
    // The ended sale is hidden (its text stays in the DOM, so the check is on what is shown).
    await expect(bar.getByText("New Blox Fruits items every week")).toBeVisible();
    await expect(bar.getByText(/Weekend sale/)).toBeHidden();
    await expect(bar.locator("time")).toBeHidden();
  });
});

test.describe("live support facts @mobile", () => {
  test("staff with the Support tab open count as online in the shopper's chat", async ({ page, browser }) => {
    test.setTimeout(120_000);
    const staff = await browser.newContext();
    const panel = await staff.newPage();
    expect((await panel.request.post("/api/auth/login", { data: ADMIN })).status()).toBe(200);
    await panel.goto("/admin?tab=support");
    await expect
      .poll(async () => ((await (await panel.request.get("/api/support/status")).json()) as { agentsOnline: number }).agentsOnline, { timeout: 30_000 })
      .toBeGreaterThan(0);

    await page.goto("/");
    await page.getByRole("button", { name: "Live chat", exact: true }).click();
    const chat = page.getByRole("dialog", { name: "Live Support" });
    await expect(chat.getByText(/^\d+ agents? online$/)).toBeVisible({ timeout: 20_000 });
    await chat.getByRole("button", { name: "Start New Conversation" }).click();
    await chat.getByLabel("Type your message").fill("Is anyone there?");
    await chat.getByLabel("Type your message").press("Enter");
    await expect(chat.getByText(/^(You are next in the queue|You are number \d+ in the queue)/)).toBeVisible({ timeout: 20_000 });
    await staff.close();
  });
});
