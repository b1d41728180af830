import { placeOrder } from "./orders.ts";
import type { APIRequestContext, Page } from "@playwright/test";
import { expect, test } from "./fixtures.ts";
import { shortId } from "#domain/shared/short-id.ts";

// The administrator playwright.config.ts makes the server create (ADMIN_EMAIL/ADMIN_PASSWORD).
const ADMIN = { email: "admin@shop.test", password: "admin-password-1" };
const PASSWORD = "correct horse battery";
const PNG_DATA_URL = "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==";
const unique = (tag: string) => `${tag}-${Date.now().toString(36)}-${Math.floor(Math.random() * 1e6)}`;

/** The one toast area shows a title; matched exactly, so its description never matches too. */
const toast = (page: Page, title: string) => page.getByText(title, { exact: true });

/** Signs a new shopper in through the API (the context keeps the session cookie); answers the email. */
async function signedInShopper(request: APIRequestContext): Promise<string> {
  const email = `${unique("ops")}@shop.test`;
  expect((await request.post("/api/auth/register", { data: { birthDate: "1990-01-01", acceptTerms: true, email, password: PASSWORD } })).status()).toBe(201);
  expect((await request.post("/api/auth/login-user", { data: { email, password: PASSWORD } })).status()).toBe(200);
  return email;
}

/** Signs the administrator in through the API and opens the panel on a tab. */
async function openAdminTab(page: Page, tab: string) {
  expect((await page.request.post("/api/auth/login", { data: ADMIN })).status()).toBe(200);
  await page.goto(`/admin?tab=${tab}`);
  await expect(page.getByRole("heading", { name: "Admin Panel" })).toBeVisible();
}

test.describe("admin panel operations", () => {
  test("an admin moves an order through processing to completed and writes in its chat; the shopper sees both", async ({ page, browser }) => {
    const shopperContext = await browser.newContext();
    const shopper = await shopperContext.newPage();
    await signedInShopper(shopper.request);
    const orderId = await placeOrder(shopper.request, { email: "ops-buyer@shop.test", robloxUsername: "Ops_Buyer" });
    const short = shortId(orderId);

    await openAdminTab(page, "orders");
    // The order carries the checkout's email; the admin finds it by its short id.
    await page.getByLabel("Search orders").fill(short);
    await page.getByRole("button", { name: "Search" }).click();
    const order = page.getByRole("listitem", { name: `Order ${short}` });
    await expect(order).toContainText("Ops_Buyer");
    await expect(order).toContainText("pending");

    await order.getByLabel(`Status of order ${short}`).selectOption("processing");
    await expect(toast(page, "Order Updated")).toBeVisible();
    await expect(order.getByLabel(`Status of order ${short}`)).toHaveValue("processing");
    await shopper.goto("/dashboard");
    await expect(shopper.getByRole("list", { name: "Your orders" }).getByRole("listitem").first()).toContainText("Delivering to Roblox user Ops_Buyer now");

    await order.getByRole("button", { name: "Chat", exact: true }).click();
    const chat = order.getByLabel(`Chat for order ${short}`);
    await chat.getByLabel("Type your message").fill("Your items are on the way!");
    await chat.getByLabel("Type your message").press("Enter");
    await expect(toast(page, "Message Sent")).toBeVisible();

    await order.getByLabel(`Status of order ${short}`).selectOption("completed");
    await expect(order.getByLabel(`Status of order ${short}`)).toHaveValue("completed");

    await shopper.reload();
    const mine = shopper.getByRole("list", { name: "Your orders" }).getByRole("listitem").first();
    await expect(mine).toContainText("Delivered to Roblox user Ops_Buyer");
    await mine.getByRole("button", { name: `Chat about order #${short}` }).click();
    await expect(mine.getByRole("log", { name: "Messages" })).toContainText("Your items are on the way!");

    // The changes are in the audit trail, named for a person (issue 23: the order's short number, the change in words).
    await page.getByRole("tab", { name: "Activity" }).click();
    await page.getByLabel("Kind").selectOption("order.status");
    const entry = page
      .getByRole("list", { name: "Admin activity" })
      .getByRole("listitem")
      .filter({ hasText: `#${short}` })
      .first();
    await expect(entry).toContainText(ADMIN.email);
    await expect(entry).toContainText("Order Status Changed");
    await shopperContext.close();
  });

  test("support: the admin replies with Enter and closes the conversation", async ({ page, browser }) => {
    const shopperContext = await browser.newContext();
    const request = shopperContext.request;
    const email = await signedInShopper(request);
    const started = await request.post("/api/support/conversations", { data: { status: "open" } });
    expect(started.status()).toBe(201);
    const { id } = (await started.json()) as { id: string };
    expect((await request.post(`/api/support/conversations/${id}/messages`, { data: { message: "Where is my pet?" } })).status()).toBe(201);

    await openAdminTab(page, "support");
    await page.getByRole("button", { name: new RegExp(email.replace(/[.]/g, "\\.")) }).click();
    const detail = page.getByLabel("Conversation detail");
    await expect(detail.getByRole("log", { name: "Messages" })).toContainText("Where is my pet?");
    await detail.getByLabel("Type your message").fill("It is on its way");
    await detail.getByLabel("Type your message").press("Enter");
    await expect(toast(page, "Message Sent")).toBeVisible();
    await expect(detail.getByRole("log", { name: "Messages" })).toContainText("It is on its way");
    await detail.getByRole("button", { name: "Close Conversation" }).click();
    await expect(toast(page, "Conversation Closed")).toBeVisible();
    await expect(detail.getByText("This conversation is closed.")).toBeVisible();
    await expect(detail.getByLabel("Type your message")).toHaveCount(0);
    // The shopper's chat shows the reply.
    const messages = (await (await request.get(`/api/support/conversations/${id}/messages`)).json()) as { message: string; sender: string }[];
    expect(messages.map((m) => [m.sender, m.message])).toEqual([
      ["user", "Where is my pet?"],
      ["admin", "It is on its way"],
    ]);
    // The item requests section is there whether or not its endpoint is.
    await expect(page.getByRole("heading", { name: "Item Requests" })).toBeVisible();
    await shopperContext.close();
  });

  test("reviews: the admin approves a pending submission with notes", async ({ page, browser }) => {
    const shopperContext = await browser.newContext();
    const email = await signedInShopper(shopperContext.request);
    const uploaded = await shopperContext.request.post("/api/trustpilot-submit", { data: { screenshotUrl: PNG_DATA_URL, userId: null } });
    expect(uploaded.status()).toBe(201);

    await openAdminTab(page, "submissions");
    await page
      .getByRole("list", { name: "Submissions" })
      .getByRole("button", { name: new RegExp(email.replace(/[.]/g, "\\.")) })
      .click();
    const pane = page.getByLabel("Review pane");
    await expect(pane.getByRole("img", { name: "Review screenshot" })).toBeVisible();
    await pane.getByLabel("Admin notes").fill("Genuine five-star review");
    await pane.getByRole("button", { name: "Approve" }).click();
    await expect(toast(page, "Submission Updated")).toBeVisible();
    await expect(pane.getByText("approved", { exact: true })).toBeVisible();
    await expect(pane.getByRole("button", { name: "Approve" })).toBeDisabled();
    await expect(pane.getByRole("button", { name: "Reject" })).toBeDisabled();
    const points = (await (await shopperContext.request.get("/api/points")).json()) as { points: number };
    expect(points.points).toBe(300);
    await shopperContext.close();
  });

  test("discounts: the admin creates a code (upper case) and deletes it after confirming", async ({ page }) => {
    const code = unique("ops")
      .replace(/[^a-z0-9]/g, "")
      .slice(0, 20);
    await openAdminTab(page, "discount-codes");
    await page.getByRole("button", { name: "Add Discount Code" }).click();
    const form = page.getByRole("form", { name: "New discount code" });
    await expect(form.getByRole("button", { name: "Create Code" })).toBeDisabled();
    await form.getByLabel("Code").fill(code);
    await form.getByLabel("Type").selectOption("fixed");
    await form.getByLabel("Amount").fill("2.50");
    await form.getByLabel("Usage limit (optional)").fill("3");
    await form.getByRole("button", { name: "Create Code" }).click();
    await expect(toast(page, "Discount Code Created")).toBeVisible();
    const row = page.getByRole("listitem", { name: `Discount code ${code.toUpperCase()}` });
    await expect(row).toContainText("$2.50 off");
    await expect(row).toContainText("Used 0 / 3 times");

    await row.getByRole("button", { name: `Delete ${code.toUpperCase()}` }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Delete" }).click();
    await expect(toast(page, "Discount Code Deleted")).toBeVisible();
    await expect(row).toHaveCount(0);
  });

  test("users: the admin finds a shopper by email and sets their store credit", async ({ page, browser }) => {
    const shopperContext = await browser.newContext();
    const email = await signedInShopper(shopperContext.request);
    await shopperContext.close();

    await openAdminTab(page, "users");
    await page.getByLabel("Search users by email").fill(email);
    const user = page.getByRole("listitem", { name: email });
    await expect(user).toContainText("Store credit: $0.00");
    await user.getByRole("button", { name: "Manage Credit" }).click();
    await user.getByLabel("Amount").fill("7.5");
    await user.getByLabel("Add to existing credit").check();
    await user.getByRole("button", { name: "Update Credit" }).click();
    await expect(toast(page, "Store Credit Updated")).toBeVisible();
    await expect(user).toContainText("Store credit: $7.50");
  });

  test("analytics: summary cards, daily lists and live visitors @mobile", async ({ page }) => {
    // A page view of a page that is no product or game, so Top Pages has one to name.
    await page.goto("/faq");
    await page.waitForLoadState("networkidle").catch(() => undefined);
    await openAdminTab(page, "analytics");
    await expect(page.getByRole("heading", { name: "Analytics", exact: true })).toBeVisible();
    await expect(page.getByText("Total Orders")).toBeVisible();
    await expect(page.getByText("Total Revenue")).toBeVisible();
    // Risk checks and chargebacks (issue 37), labelled and within the screen on a phone.
    await expect(page.getByText("Orders Held for Review")).toBeVisible();
    await expect(page.getByText("Held Orders Approved / Rejected")).toBeVisible();
    await expect(page.getByText("Disputes / Reversals")).toBeVisible();
    await expect(page.getByText("Lost to Chargebacks")).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await expect(page.getByRole("region", { name: "Orders per Day" })).toBeVisible();
    await expect(page.getByRole("region", { name: "Revenue per Day" })).toBeVisible();
    await expect(page.getByRole("heading", { name: /Live Visitors/ })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Top Pages" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Recent Page Views" })).toBeVisible();
    // Every viewed page is named the same way, its path under the name (issue 47: titles mixed with raw paths).
    const top = page.getByRole("region", { name: "Top Pages" }).getByRole("listitem");
    await expect(top.first()).toBeVisible();
    for (const row of await top.all()) {
      const [name, path] = await row.locator("span.block").allInnerTexts();
      expect(name, `${name} ${path}`).not.toMatch(/^\//);
      expect(path).toMatch(/^\//);
    }
  });

  // Issue 47: an open Timeline stretched the order's Refund, Block and Payment history buttons to
  // ~270 px, and the "Message Sent" toast covered the chat's Send button.
  test("an order's open timeline keeps its buttons their size, and the toast after a chat message covers neither Send nor the message box @mobile", async ({
    page,
    browser,
  }) => {
    test.setTimeout(90_000);
    const shopperContext = await browser.newContext();
    await signedInShopper(shopperContext.request);
    const orderId = await placeOrder(shopperContext.request, { email: "ops-timeline@shop.test", robloxUsername: "Ops_Timeline" });
    await shopperContext.close();
    const short = shortId(orderId);
    await openAdminTab(page, "orders");
    await page.getByLabel("Search orders").fill(short);
    await page.getByRole("button", { name: "Search", exact: true }).click();
    const order = page.getByRole("listitem", { name: `Order ${short}` });
    const buttons = [
      order.getByRole("button", { name: `Refund order ${short}` }),
      order.getByRole("button", { name: `Block the Roblox username of order ${short}` }),
      order.getByRole("button", { name: "Payment history" }),
    ];
    const heights = async () => Promise.all(buttons.map(async (b) => (await b.boundingBox())!.height));
    const closed = await heights();
    await order.getByRole("button", { name: `Timeline of order #${short}` }).click();
    await expect(order.getByRole("region", { name: `Timeline of order #${short}` })).toContainText("Order placed");
    expect(await heights()).toEqual(closed);
    for (const height of closed) expect(height).toBeLessThan(60);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(page.viewportSize()!.width);

    await order.getByRole("button", { name: "Chat", exact: true }).click();
    const chat = order.getByLabel(`Chat for order ${short}`);
    const box = chat.getByLabel("Type your message");
    await box.fill("On its way!");
    // The chat as far down the screen as it goes: where a bottom toast would have covered it.
    await chat.getByRole("button", { name: "Send" }).evaluate((el) => el.scrollIntoView({ block: "end" }));
    await box.press("Enter");
    const shown = toast(page, "Message Sent");
    await expect(shown).toBeVisible();
    const t = (await page.getByRole("status").filter({ has: shown }).boundingBox())!;
    for (const target of [chat.getByRole("button", { name: "Send" }), box]) {
      const r = (await target.boundingBox())!;
      const overlaps = t.x < r.x + r.width && r.x < t.x + t.width && t.y < r.y + r.height && r.y < t.y + t.height;
      expect(overlaps, `the toast covers ${await target.evaluate((el) => el.tagName)}`).toBe(false);
    }
  });

  // Issue 47: the Activity tab showed the raw "staff signIn" beside "Order Status Changed".
  test("the Activity tab names a staff sign-in in words @mobile", async ({ page }) => {
    await openAdminTab(page, "activity");
    await page.getByLabel("Kind").selectOption({ label: "Staff Signed In" });
    const entries = page.getByRole("list", { name: "Admin activity" }).getByRole("listitem");
    await expect(entries.first()).toContainText("Staff Signed In");
    await expect(page.getByRole("list", { name: "Admin activity" })).not.toContainText("signIn");
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(page.viewportSize()!.width);
  });
});
