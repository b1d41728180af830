import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures.ts";
import { signUpAndLogIn, uniqueEmail } from "./sign-up.ts";

const ADMIN = { email: "admin@shop.test", password: "admin-password-1" };
// A 1x1 PNG.
const PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==", "base64");

/** Opens a dashboard tab; a click before the tabs island hydrated does nothing, so it is retried. */
async function openTab(page: Page, name: string) {
  await expect(async () => {
    await page.getByRole("tab", { name }).click();
    await expect(page.getByRole("region", { name })).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 15_000 });
}

test.describe("rewards", () => {
  test("upload a review screenshot, an admin approves it through the API, the 300 points show in the dashboard", async ({ page, playwright, baseURL }) => {
    const email = uniqueEmail("reviewer");
    await signUpAndLogIn(page, email);
    await openTab(page, "Points");
    const points = page.getByRole("region", { name: "Points" });
    await expect(points.getByTestId("points-balance")).toHaveText("0 points");

    await points.getByLabel("Screenshot image").setInputFiles({ name: "my-review.png", mimeType: "image/png", buffer: PNG });
    await points.getByRole("button", { name: "Upload screenshot" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Screenshot Submitted" })).toBeVisible();
    await expect(points.getByTestId("submission-status")).toHaveText("Pending review");
    await expect(points.getByRole("img", { name: "Your review screenshot" })).toBeVisible();

    const admin = await playwright.request.newContext({ baseURL: baseURL! });
    try {
      expect((await admin.post("/api/auth/login", { data: ADMIN })).status()).toBe(200);
      const submissions = (await (await admin.get("/api/admin/submissions")).json()) as { id: string; email: string; status: string }[];
      const mine = submissions.find((s) => s.email === email);
      expect(mine?.status).toBe("pending");
      const decided = await admin.patch(`/api/admin/submissions/${mine!.id}`, { data: { status: "approved", adminNotes: "Thanks for the review" } });
      expect(decided.status()).toBe(200);
    } finally {
      await admin.dispose();
    }

    await page.reload();
    await openTab(page, "Points"); // the dashboard opens on its Orders tab after a reload
    await expect(points.getByTestId("points-balance")).toHaveText("300 points");
    await expect(points.getByTestId("points-value")).toHaveText("$0.06");
    await expect(points.getByTestId("submission-status")).toHaveText("Approved");
    const history = points.getByRole("list", { name: "Points history" });
    await expect(history).toContainText("Review screenshot approved");
    await expect(history).toContainText("+300");
    // Not enough points to redeem yet.
    await expect(points.getByRole("button", { name: "Redeem" })).toBeDisabled();
  });

  test("the referral link with a copy button; a friend who signs up through it is counted", async ({ page, browser, context, baseURL }) => {
    await context.grantPermissions(["clipboard-read", "clipboard-write"]);
    await signUpAndLogIn(page, uniqueEmail("referrer"));
    await openTab(page, "Referrals");
    const referrals = page.getByRole("region", { name: "Referrals" });
    const link = referrals.getByLabel("Your referral link");
    await expect(link).toHaveValue(/\/\?ref=[A-Z2-9]{8}$/);
    await expect(referrals.getByTestId("successful-referrals")).toHaveText("0");
    await expect(referrals.getByRole("progressbar", { name: "Progress to your next bonus" })).toHaveAttribute("aria-valuenow", "0");
    await referrals.getByRole("button", { name: "Copy link" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Link Copied" })).toBeVisible();
    const url = await link.inputValue();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(url);

    const friendContext = await browser.newContext({ baseURL: baseURL! });
    try {
      const friend = await friendContext.newPage();
      await friend.goto(url);
      await signUpAndLogIn(friend, uniqueEmail("friend"));
    } finally {
      await friendContext.close();
    }
    await page.reload();
    await openTab(page, "Referrals"); // the dashboard opens on its Orders tab after a reload
    await expect(referrals.getByTestId("referral-signups")).toHaveText("1");
    await expect(referrals.getByTestId("successful-referrals")).toHaveText("0");
  });
});
