import type { APIRequestContext, Page } from "@playwright/test";
import { shortId } from "#domain/shared/short-id.ts";
import { axeChecks, violations } from "./axe.ts";
import { expect, test } from "./fixtures.ts";
import { placeOrderPaying } from "./orders.ts";
import { noSidewaysScroll, notCovered } from "./screen.ts";
import { ADULT_BIRTH_DATE, PASSWORD, uniqueEmail } from "./sign-up.ts";

/**
 * Cancelling without a chat, at 1366 px and (project "mobile") 390 px: an order nobody has started
 * is cancelled from the dashboard with the refund the shopper chooses; a started one is a request
 * staff grant in the Delivery queue, and the refund follows.
 */
const ADMIN = { email: "admin@shop.test", password: "admin-password-1" };

async function shopperWithOrder(page: Page): Promise<{ orderId: string; total: string }> {
  await page.addInitScript(() => window.localStorage.setItem("hasSeenPromo", "true"));
  const email = uniqueEmail("cancel");
  const request: APIRequestContext = page.request;
  expect((await request.post("/api/auth/register", { data: { birthDate: ADULT_BIRTH_DATE, acceptTerms: true, email, password: PASSWORD } })).status()).toBe(
    201,
  );
  expect((await request.post("/api/auth/login-user", { data: { email, password: PASSWORD } })).status()).toBe(200);
  return placeOrderPaying(request, { email, robloxUsername: "Builder_Man1" });
}

const orderOnDashboard = (page: Page, orderId: string) =>
  page
    .getByRole("list", { name: "Your orders" })
    .getByRole("listitem")
    .filter({ hasText: `Order #${shortId(orderId)}` });

test.describe("cancelling an order @mobile", () => {
  test("an order nobody has started is cancelled at once, refunded as store credit", async ({ page }) => {
    const width = page.viewportSize()!.width;
    const { orderId, total } = await shopperWithOrder(page);
    const short = shortId(orderId);
    await page.goto("/dashboard");
    const mine = orderOnDashboard(page, orderId);
    const cancel = mine.getByRole("button", { name: `Cancel order #${short}` });
    await notCovered(cancel);
    await cancel.click();
    const form = mine.getByRole("form", { name: `Cancel order #${short}` });
    await expect(form.getByText("Nobody has started this order yet: it is cancelled at once.")).toBeVisible();
    // The choice has the focus, so a keyboard user picks it next; the payment is chosen unless changed.
    await expect(form.getByLabel("To my payment (takes a few days)")).toBeFocused();
    await form.getByLabel("As store credit, at once").check();
    await noSidewaysScroll(page);
    if (axeChecks(width, "dashboard cancel order")) expect(await violations(page, "dashboard cancel order")).toEqual([]);
    // "Keep my order" leaves it as it was.
    await form.getByRole("button", { name: "Keep my order" }).click();
    await expect(form).toHaveCount(0);
    await cancel.click();
    await form.getByLabel("As store credit, at once").check();
    await form.getByRole("button", { name: "Cancel my order" }).click();
    await expect(mine.getByText("Cancelled", { exact: true })).toBeVisible();
    await expect(mine.getByText(`Refunded $${total} to your store credit`)).toBeVisible();
    await expect(mine.getByRole("button", { name: `Cancel order #${short}` })).toHaveCount(0);
    await page.reload();
    await expect(orderOnDashboard(page, orderId).getByText(`Refunded $${total} to your store credit`)).toBeVisible();
  });

  test("a started order is a request: staff grant it in the Delivery queue and the payment is refunded", async ({ page, browser }) => {
    test.setTimeout(120_000);
    const width = page.viewportSize()!.width;
    const { orderId, total } = await shopperWithOrder(page);
    const short = shortId(orderId);
    const staffContext = await browser.newContext({ viewport: page.viewportSize()! });
    const staff = await staffContext.newPage();
    expect((await staff.request.post("/api/auth/login", { data: ADMIN })).status()).toBe(200);
    expect((await staff.request.patch(`/api/orders/${orderId}/status`, { data: { status: "processing" } })).status()).toBe(200);

    await page.goto("/dashboard");
    const mine = orderOnDashboard(page, orderId);
    await mine.getByRole("button", { name: `Ask to cancel #${short}` }).click();
    const form = mine.getByRole("form", { name: `Ask to cancel #${short}` });
    await expect(form.getByText("Staff have started this order, so they answer your request first.")).toBeVisible();
    await form.getByRole("button", { name: "Send my request" }).click();
    await expect(mine.locator('[data-cancel-request="open"]')).toContainText("You asked to cancel (refund to your payment)");
    await noSidewaysScroll(page);
    if (axeChecks(width, "dashboard cancel requested")) expect(await violations(page, "dashboard cancel requested")).toEqual([]);

    await staff.goto("/admin?tab=orders");
    await staff.getByRole("button", { name: /^Delivery queue/ }).click();
    const item = staff.getByRole("listitem", { name: `Delivery of order #${short}` });
    const request = item.getByRole("region", { name: `Cancel request of order #${short}` });
    await expect(request).toContainText("The shopper asks to cancel: refund to their payment");
    await noSidewaysScroll(staff);
    if (axeChecks(width, "admin cancel request")) expect(await violations(staff, "admin cancel request")).toEqual([]);
    await request.getByLabel(/Note for the shopper/).fill("Not traded yet");
    const grant = request.getByRole("button", { name: `Grant and refund order #${short}` });
    await notCovered(grant);
    await grant.click();
    await expect(staff.getByText("Cancel Granted", { exact: true })).toBeVisible();
    await expect(item).toHaveCount(0);

    await page.reload();
    const after = orderOnDashboard(page, orderId);
    await expect(after.getByText("Cancelled", { exact: true })).toBeVisible();
    await expect(after.getByText(new RegExp(`Refunded \\$${total.replace(".", "\\.")} to your original payment`))).toBeVisible();
    await staffContext.close();
  });
});
