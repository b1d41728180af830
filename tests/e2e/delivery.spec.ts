import { placeOrder } from "./orders.ts";
import type { APIRequestContext, Locator, Page } from "@playwright/test";
import { expect, test } from "./fixtures.ts";
import { shortId } from "#domain/shared/short-id.ts";

// Issue 21: the delivery promise, seen from both sides, at a phone's width (390 px).
const ADMIN = { email: "admin@shop.test", password: "admin-password-1" };
const PASSWORD = "correct horse battery";
// A real 1x1 PNG: the proof screenshot the administrator attaches.
const PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==", "base64");
const unique = (tag: string) => `${tag}-${Date.now().toString(36)}-${Math.floor(Math.random() * 1e6)}`;
const toast = (page: Page, title: string) => page.getByText(title, { exact: true });

test.use({ viewport: { width: 390, height: 844 } });

async function signedInShopper(request: APIRequestContext): Promise<void> {
  const email = `${unique("delivery")}@shop.test`;
  expect((await request.post("/api/auth/register", { data: { birthDate: "1990-01-01", acceptTerms: true, email, password: PASSWORD } })).status()).toBe(201);
  expect((await request.post("/api/auth/login-user", { data: { email, password: PASSWORD } })).status()).toBe(200);
}

/** No sideways scrolling at this width. */
async function expectNoSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

/** The element, scrolled to the middle of the screen, is what a tap at its centre hits (no floating button over it). */
async function expectNotCovered(target: Locator) {
  const covering = await target.evaluate((element) => {
    element.scrollIntoView({ block: "center" });
    const box = element.getBoundingClientRect();
    const top = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
    return top !== null && (element === top || element.contains(top)) ? null : (top?.outerHTML.slice(0, 200) ?? "nothing");
  });
  expect(covering).toBeNull();
}

test.describe("the delivery promise", () => {
  test("the shopper watches the countdown; the admin starts the delivery and marks it delivered with a proof screenshot; the shopper sees it in the timeline", async ({
    page,
    browser,
  }) => {
    const shopperContext = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const shopper = await shopperContext.newPage();
    await shopper.addInitScript(() => window.localStorage.setItem("hasSeenPromo", "true"));
    await signedInShopper(shopper.request);
    const orderId = await placeOrder(shopper.request, { email: "delivery-buyer@shop.test", robloxUsername: "Builder_Man1" });
    const short = shortId(orderId);

    // The shopper's countdown runs.
    await shopper.goto("/dashboard");
    const mine = shopper
      .getByRole("list", { name: "Your orders" })
      .getByRole("listitem")
      .filter({ hasText: `Order #${short}` });
    const line = mine.getByText(/^Delivery within \d{1,2}:\d\d$/);
    await expect(line).toBeVisible();
    const first = await line.textContent();
    await expect(line).not.toHaveText(first ?? "");
    await expectNoSidewaysScroll(shopper);

    // The admin works the queue.
    expect((await page.request.post("/api/auth/login", { data: ADMIN })).status()).toBe(200);
    await page.goto("/admin?tab=orders");
    await expect(page.getByRole("tab", { name: /^Orders \d+ to deliver/ })).toBeVisible();
    await page.getByRole("button", { name: /^Delivery queue/ }).click();
    const item = page.getByRole("listitem", { name: `Delivery of order #${short}` });
    await expect(item).toContainText("Builder_Man1");
    await expect(item.getByText(/^\d{1,2}:\d\d left$/)).toBeVisible();
    await expectNoSidewaysScroll(page);

    const start = item.getByRole("button", { name: `Start delivery of order #${short}` });
    await expectNotCovered(start);
    await start.click();
    await expect(toast(page, "Delivery Started")).toBeVisible();
    await page.getByRole("button", { name: "Dismiss notification" }).click();
    await expect(item).toContainText("processing");
    await expect(item).toContainText(`Delivery started`);
    await expect(item).toContainText(`by ${ADMIN.email}`);

    await item.getByRole("button", { name: `Mark delivered order #${short}` }).click();
    await item.getByLabel("Proof screenshots").setInputFiles({ name: "proof.png", mimeType: "image/png", buffer: PNG });
    const confirm = item.getByRole("button", { name: "Confirm delivered with 1 proof" });
    await expectNotCovered(confirm);
    await confirm.press("Enter"); // keyboard works too
    await expect(toast(page, "Order Delivered")).toBeVisible();
    await expect(page.getByRole("listitem", { name: `Delivery of order #${short}` })).toHaveCount(0);
    await expectNoSidewaysScroll(page);

    // The shopper sees the delivery and its proof.
    await shopper.reload();
    await expect(mine.getByText(/^Delivered in \d+ minutes?$/)).toBeVisible();
    await expect(mine.locator("[data-stage]")).toHaveText("Completed");
    const timelineButton = mine.getByRole("button", { name: `Timeline of order #${short}` });
    await expectNotCovered(timelineButton);
    await timelineButton.click();
    const timeline = mine.getByRole("region", { name: `Timeline of order #${short}` });
    await expect(timeline.getByRole("listitem").first()).toContainText("Order placed");
    await expect(timeline).toContainText("Payment received");
    await expect(timeline).toContainText("Delivery started");
    await expect(timeline).toContainText("Delivered");
    const proof = timeline.getByRole("img", { name: "Delivery proof 1" });
    await expect(proof).toBeVisible();
    await expect.poll(() => proof.evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
    await expectNoSidewaysScroll(shopper);

    // Another shopper cannot read the proof.
    const src = await proof.getAttribute("src");
    const stranger = await browser.newContext();
    await signedInShopper(stranger.request);
    expect((await stranger.request.get(src!)).status()).toBe(403);
    await stranger.close();
    await shopperContext.close();
  });

  test("the delivery queue is empty-stated and reachable by keyboard", async ({ page }) => {
    expect((await page.request.post("/api/auth/login", { data: ADMIN })).status()).toBe(200);
    await page.goto("/admin?tab=orders");
    const queueButton = page.getByRole("button", { name: /^Delivery queue/ });
    await queueButton.focus();
    await page.keyboard.press("Enter");
    await expect(queueButton).toHaveAttribute("aria-pressed", "true");
    // Either the queue or its empty state shows, never an error.
    await expect(page.getByRole("list", { name: "Delivery queue" }).or(page.getByText("Nothing to deliver: every paid order is delivered."))).toBeVisible();
    await expect(page.getByRole("alert").filter({ hasText: "could not be loaded" })).toHaveCount(0);
  });
});
