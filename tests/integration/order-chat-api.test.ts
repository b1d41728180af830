import { describe, expect, it } from "vitest";
import * as adminLogin from "#src/pages/api/auth/login.ts";
import * as loginUser from "#src/pages/api/auth/login-user.ts";
import * as register from "#src/pages/api/auth/register.ts";
import * as orderMessages from "#src/pages/api/orders/[id]/messages.ts";
import { createTestApp } from "./helpers/test-app.ts";
import { createTestOrder } from "./helpers/test-orders.ts";

const ADMIN = { email: "boss@shop.test", password: "admin-password-1" };
const PASSWORD = "correct horse battery";
const store = await createTestApp({ seed: false });
await store.ensureAdmin(ADMIN.email, ADMIN.password);

type Browser = ReturnType<typeof store.client>;

async function shopper(email: string): Promise<{ browser: Browser; id: string }> {
  const browser = store.client();
  await browser.call(register.POST, "/api/auth/register", { body: { birthDate: "1990-01-01", acceptTerms: true, email, password: PASSWORD } });
  const res = await browser.call(loginUser.POST, "/api/auth/login-user", { body: { email, password: PASSWORD } });
  return { browser, id: res.body.user.id };
}

const sam = await shopper("sam.orders@shop.test");
const ada = await shopper("ada.orders@shop.test");
const admin = store.client();
await admin.call(adminLogin.POST, "/api/auth/login", { body: ADMIN });
// TEST-ONLY orders (see helpers/test-orders.ts): the orders module owns the real table.
await createTestOrder(store.app.db, "sams-order", sam.id);
await createTestOrder(store.app.db, "adas-order", ada.id);

const read = (browser: Browser, id: string, opts: { query?: Record<string, string>; headers?: Record<string, string> } = {}) =>
  browser.call(orderMessages.GET, `/api/orders/${id}/messages`, { params: { id }, ...opts });
const post = (browser: Browser, id: string, body: unknown) => browser.call(orderMessages.POST, `/api/orders/${id}/messages`, { params: { id }, body });

describe("GET and POST /api/orders/{id}/messages", () => {
  it("the owner asks, the admin answers; both see the chat in order, the sender decided by the server", async () => {
    const asked = await post(sam.browser, "sams-order", { message: "  When does it arrive?  ", sender: "admin" });
    expect(asked.status).toBe(201);
    expect(asked.body).toEqual({ id: expect.any(String), message: "When does it arrive?", sender: "user", createdAt: expect.any(String) });
    const answered = await post(admin, "sams-order", { message: "Within 20 minutes", sender: "user" });
    expect(answered.body.sender).toBe("admin");
    for (const browser of [sam.browser, admin]) {
      const res = await read(browser, "sams-order");
      expect(res.status).toBe(200);
      expect(res.body).toEqual([asked.body, answered.body]);
    }
  });

  it("guests 401, another shopper 403 (reading and writing), an unknown order 404; nothing stored", async () => {
    expect((await read(store.client(), "adas-order")).status).toBe(401);
    expect((await post(store.client(), "adas-order", { message: "hi" })).status).toBe(401);
    const refused = await read(sam.browser, "adas-order");
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ error: "You don't have access to this" });
    expect((await post(sam.browser, "adas-order", { message: "let me in" })).status).toBe(403);
    expect((await post(sam.browser, "adas-order", { message: "" })).status).toBe(403);
    expect((await read(sam.browser, "no-such-order")).body).toEqual({ error: "Order not found" });
    expect((await post(admin, "no-such-order", { message: "hi" })).status).toBe(404);
    expect((await read(ada.browser, "adas-order")).body).toEqual([]);
  });

  it("refuses blank and oversized messages (400) and gives markup back literally", async () => {
    expect((await post(ada.browser, "adas-order", { message: " \n " })).body).toEqual({ error: "Please type a message" });
    expect((await post(ada.browser, "adas-order", { message: "x".repeat(2001) })).status).toBe(400);
    expect((await post(ada.browser, "adas-order", {})).status).toBe(400);
    const markup = "<b>bold?</b><script>alert(1)</script>";
    expect((await post(ada.browser, "adas-order", { message: markup })).body.message).toBe(markup);
    expect((await read(ada.browser, "adas-order")).body.map((m: { message: string }) => m.message)).toEqual([markup]);
  });

  it("polls cheaply: ETag and 304, ?after= for newer messages only", async () => {
    await createTestOrder(store.app.db, "poll-order", sam.id);
    const first = (await post(sam.browser, "poll-order", { message: "one" })).body;
    const full = await read(sam.browser, "poll-order");
    expect(full.headers.get("etag")).toBe('"v1"');
    expect((await read(sam.browser, "poll-order", { headers: { "if-none-match": '"v1"' } })).status).toBe(304);
    expect((await read(sam.browser, "poll-order", { query: { after: first.id } })).body).toEqual([]);
    const second = (await post(admin, "poll-order", { message: "two" })).body;
    expect((await read(sam.browser, "poll-order", { query: { after: first.id } })).body).toEqual([second]);
    expect((await read(sam.browser, "poll-order", { headers: { "if-none-match": '"v1"' } })).status).toBe(200);
    // Permission comes before 304.
    expect((await read(ada.browser, "poll-order", { headers: { "if-none-match": '"v2"' } })).status).toBe(403);
  });
});
