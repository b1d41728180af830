import { request, type APIRequestContext, type Page } from "@playwright/test";
import { placeOrder } from "./orders.ts";
import { expect, test } from "./fixtures.ts";
import { shortId } from "#domain/shared/short-id.ts";

// Issue 38: an open admin panel shows a new order, and an open chat widget a reply, without a
// reload, over the tab's one live channel (GET /api/events), at 390 and 1366 px (each in the desktop project).
const ADMIN = { email: "admin@shop.test", password: "admin-password-1" };
const PASSWORD = "correct horse battery";
const unique = (tag: string) => `${tag}-${Date.now().toString(36)}-${Math.floor(Math.random() * 1e6)}`;

async function signedInShopper(api: APIRequestContext): Promise<string> {
  const email = `${unique("live")}@shop.test`;
  expect((await api.post("/api/auth/register", { data: { birthDate: "1990-01-01", acceptTerms: true, email, password: PASSWORD } })).status()).toBe(201);
  expect((await api.post("/api/auth/login-user", { data: { email, password: PASSWORD } })).status()).toBe(200);
  return email;
}

/** Resolves when the page's live channel has answered 200 text/event-stream. */
function liveChannelOpened(page: Page) {
  return page.waitForResponse((response) => new URL(response.url()).pathname === "/api/events" && response.status() === 200, { timeout: 90_000 });
}

/** Marks the page, so that a reload (which would lose the mark) is seen. */
async function markPage(page: Page) {
  await page.evaluate(() => ((window as unknown as { liveMark: boolean }).liveMark = true));
}
async function notReloaded(page: Page) {
  expect(await page.evaluate(() => (window as unknown as { liveMark?: boolean }).liveMark)).toBe(true);
}

for (const viewport of [
  { width: 390, height: 844 },
  { width: 1366, height: 900 },
]) {
  test.describe(`live updates at ${viewport.width} px`, () => {
    test.use({ viewport });
    // Two browsers, an order placed through the API and a server shared by the suite: generous on a busy machine.
    test.describe.configure({ timeout: 120_000 });
    test(`a new paid order appears in an open admin panel without a reload (${viewport.width} px)`, async ({ page, baseURL }) => {
      expect((await page.request.post("/api/auth/login", { data: ADMIN })).status()).toBe(200);
      const opened = liveChannelOpened(page);
      await page.goto("/admin?tab=orders");
      await expect(page.getByRole("heading", { name: "Admin Panel" })).toBeVisible({ timeout: 60_000 });
      const stream = await opened;
      expect(stream.headers()["content-type"]).toBe("text/event-stream; charset=utf-8");
      await markPage(page);

      const shopper = await request.newContext({ baseURL: baseURL! });
      await signedInShopper(shopper);
      const orderId = await placeOrder(shopper, { email: "live-buyer@shop.test", robloxUsername: "Live_Buyer" });
      await expect(page.getByRole("listitem", { name: `Order ${shortId(orderId)}` })).toBeVisible({ timeout: 30_000 });
      await notReloaded(page);
      await shopper.dispose();
    });

    test(`a reply appears in a signed-in shopper's open chat widget without a reload (${viewport.width} px)`, async ({ page, baseURL }) => {
      await signedInShopper(page.request);
      const opened = liveChannelOpened(page);
      await page.goto("/");
      await page.getByRole("button", { name: "Live chat" }).click();
      const chat = page.getByRole("dialog", { name: "Live Support" });
      await chat.getByRole("button", { name: "Start New Conversation" }).click();
      const box = chat.getByLabel("Type your message");
      await box.fill("Is my order on its way?");
      await box.press("Enter");
      const log = chat.getByRole("log", { name: "Messages" });
      await expect(log.getByText("Is my order on its way?")).toBeVisible();
      await opened;
      await markPage(page);

      const admin = await request.newContext({ baseURL: baseURL! });
      expect((await admin.post("/api/auth/login", { data: ADMIN })).status()).toBe(200);
      const conversations = (await (await page.request.get("/api/support/conversations")).json()) as { id: string }[];
      const reply = await admin.post(`/api/support/conversations/${conversations[0]!.id}/messages`, { data: { message: "Yes, within minutes!" } });
      expect(reply.status()).toBe(201);
      await expect(log.getByText("Yes, within minutes!")).toBeVisible({ timeout: 30_000 });
      await notReloaded(page);
      await admin.dispose();
    });
  });
}
