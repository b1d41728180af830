import { describe, expect, it } from "vitest";
import * as adminLogin from "#src/pages/api/auth/login.ts";
import * as loginUser from "#src/pages/api/auth/login-user.ts";
import * as logout from "#src/pages/api/auth/logout.ts";
import * as register from "#src/pages/api/auth/register.ts";
import * as adminConversation from "#src/pages/api/admin/support/conversations/[id].ts";
import * as adminConversations from "#src/pages/api/admin/support/conversations/index.ts";
import * as conversations from "#src/pages/api/support/conversations/index.ts";
import * as messages from "#src/pages/api/support/conversations/[id]/messages.ts";
import { manualClock, strictlyIncreasingClock } from "../fakes/in-memory-support.ts";
import { createTestApp } from "./helpers/test-app.ts";

const ADMIN = { email: "boss@shop.test", password: "admin-password-1" };
const store = await createTestApp({ seed: false, clock: strictlyIncreasingClock() });
await store.ensureAdmin(ADMIN.email, ADMIN.password);
const PASSWORD = "correct horse battery";

type Browser = ReturnType<typeof store.client>;

async function signedInShopper(email: string): Promise<Browser> {
  const browser = store.client();
  expect(
    (await browser.call(register.POST, "/api/auth/register", { body: { birthDate: "1990-01-01", acceptTerms: true, email, password: PASSWORD } })).status,
  ).toBe(201);
  expect((await browser.call(loginUser.POST, "/api/auth/login-user", { body: { email, password: PASSWORD } })).status).toBe(200);
  return browser;
}

async function signedInAdmin(): Promise<Browser> {
  const browser = store.client();
  expect((await browser.call(adminLogin.POST, "/api/auth/login", { body: ADMIN })).status).toBe(200);
  return browser;
}

const start = (browser: Browser, body: unknown = { status: "open" }) => browser.call(conversations.POST, "/api/support/conversations", { body });
const list = (browser: Browser, headers: Record<string, string> = {}) => browser.call(conversations.GET, "/api/support/conversations", { headers });
const post = (browser: Browser, id: string, body: unknown) =>
  browser.call(messages.POST, `/api/support/conversations/${id}/messages`, { params: { id }, body });
const read = (browser: Browser, id: string, opts: { query?: Record<string, string>; headers?: Record<string, string> } = {}) =>
  browser.call(messages.GET, `/api/support/conversations/${id}/messages`, { params: { id }, ...opts });
const close = (browser: Browser, id: string, body: unknown = { status: "closed" }) =>
  browser.call(adminConversation.PATCH, `/api/admin/support/conversations/${id}`, { method: "PATCH", params: { id }, body });

async function conversationOf(browser: Browser): Promise<string> {
  const res = await start(browser);
  expect(res.status).toBe(201);
  return res.body.id;
}

async function eventsFor(conversationId: string) {
  const rows = await store.app.db.selectFrom("events").selectAll().where("type", "like", "SupportConversation%").orderBy("id").execute();
  return rows.filter((r) => JSON.parse(r.payload).conversationId === conversationId);
}

describe("POST and GET /api/support/conversations", () => {
  it("a guest starts a conversation (201, open) and finds it in their list; the event is recorded with it", async () => {
    const guest = store.client();
    const res = await start(guest);
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ id: expect.any(String), status: "open", email: null, createdAt: expect.any(String), updatedAt: expect.any(String) });
    const mine = await list(guest);
    expect(mine.status).toBe(200);
    // The list adds the shopper's place in the queue (issue 36): none before a message waits for a reply.
    expect(mine.body).toEqual([{ ...res.body, queuePosition: null }]);
    const visitorId = guest.jar.get("shop_visitor")!.split(".")[0];
    expect((await eventsFor(res.body.id)).map((e) => [e.type, e.visitorId, e.userId])).toEqual([["SupportConversationOpened", visitorId, null]]);
  });

  it("accepts an optional email, and the spec's body without one", async () => {
    expect((await start(store.client(), { status: "open", email: " Me@Shop.test " })).body.email).toBe("me@shop.test");
    expect((await start(store.client(), {})).status).toBe(201);
    expect((await start(store.client(), { status: "open", email: "" })).body.email).toBeNull();
  });

  it("refuses bad input with 400 and starts nothing", async () => {
    const guest = store.client();
    expect((await start(guest, { status: "closed" })).body).toEqual({
      error: 'Status: a new conversation is "open"',
      fields: { status: 'Status: a new conversation is "open"' },
    });
    expect((await start(guest, { email: "not-an-email" })).status).toBe(400);
    expect((await guest.call(conversations.POST, "/api/support/conversations", { rawBody: "{oops" })).status).toBe(400);
    expect((await list(guest)).body).toEqual([]);
  });

  it("a signed-in shopper's conversation carries their email and is theirs in any browser", async () => {
    const sam = await signedInShopper("sam.list@shop.test");
    const res = await start(sam);
    expect(res.body.email).toBe("sam.list@shop.test");
    const otherBrowser = store.client();
    await otherBrowser.call(loginUser.POST, "/api/auth/login-user", { body: { email: "sam.list@shop.test", password: PASSWORD } });
    expect((await list(otherBrowser)).body.map((c: { id: string }) => c.id)).toEqual([res.body.id]);
  });

  it("answers 304 with no body to a poll that already has the current list", async () => {
    const guest = store.client();
    await start(guest);
    const first = await list(guest);
    const etag = first.headers.get("etag")!;
    expect(first.headers.get("cache-control")).toBe("private, no-cache");
    const again = await list(guest, { "if-none-match": etag });
    expect(again.status).toBe(304);
    expect(again.body).toBeUndefined();
    await start(guest);
    const changed = await list(guest, { "if-none-match": etag });
    expect(changed.status).toBe(200);
    expect(changed.body).toHaveLength(2);
  });
});

describe("isolation", () => {
  it("between two guests: B neither lists, reads nor writes A's conversation (404), and nothing is stored", async () => {
    const a = store.client();
    const b = store.client();
    const id = await conversationOf(a);
    await post(a, id, { message: "my secret order number is 42" });
    expect((await list(b)).body).toEqual([]);
    const readByB = await read(b, id);
    expect(readByB.status).toBe(404);
    expect(readByB.body).toEqual({ error: "Conversation not found" });
    expect((await post(b, id, { message: "hijack" })).status).toBe(404);
    expect((await read(a, id)).body.map((m: { message: string }) => m.message)).toEqual(["my secret order number is 42"]);
  });

  it("between two shoppers: the other shopper gets 404 on the conversation and does not list it", async () => {
    const sam = await signedInShopper("sam.iso@shop.test");
    const ada = await signedInShopper("ada.iso@shop.test");
    const id = await conversationOf(sam);
    await post(sam, id, { message: "hello" });
    expect((await list(ada)).body).toEqual([]);
    expect((await read(ada, id)).status).toBe(404);
    expect((await post(ada, id, { message: "me too" })).status).toBe(404);
    expect((await read(sam, id)).body).toHaveLength(1);
  });

  it("after logout, the same browser (now a guest) no longer sees the account's conversation", async () => {
    const sam = await signedInShopper("sam.logout@shop.test");
    const id = await conversationOf(sam);
    expect((await sam.call(logout.POST, "/api/auth/logout", { body: {} })).status).toBe(204);
    expect((await list(sam)).body).toEqual([]);
    expect((await read(sam, id)).status).toBe(404);
  });

  it("a guest's conversations move to the account at sign-in", async () => {
    const browser = store.client();
    const id = await conversationOf(browser);
    await post(browser, id, { message: "asked as a guest" });
    await browser.call(register.POST, "/api/auth/register", {
      body: { birthDate: "1990-01-01", acceptTerms: true, email: "merged@shop.test", password: PASSWORD },
    });
    await browser.call(loginUser.POST, "/api/auth/login-user", { body: { email: "merged@shop.test", password: PASSWORD } });
    expect((await list(browser)).body).toEqual([expect.objectContaining({ id, email: "merged@shop.test" })]);
    const row = await store.app.db.selectFrom("support_conversations").select("userId").where("id", "=", id).executeTakeFirstOrThrow();
    expect(row.userId).not.toBeNull();
    // Now the account's: readable from another browser signed in to it, not from a guest of the first one.
    const elsewhere = store.client();
    await elsewhere.call(loginUser.POST, "/api/auth/login-user", { body: { email: "merged@shop.test", password: PASSWORD } });
    expect((await read(elsewhere, id)).body.map((m: { message: string }) => m.message)).toEqual(["asked as a guest"]);
    await browser.call(logout.POST, "/api/auth/logout", { body: {} });
    expect((await read(browser, id)).status).toBe(404);
  });
});

describe("GET and POST /api/support/conversations/{id}/messages", () => {
  it("stores the trimmed message as the shopper's, whatever sender the body claims", async () => {
    const guest = store.client();
    const id = await conversationOf(guest);
    const res = await post(guest, id, { message: "  I need help  ", sender: "admin" });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ id: expect.any(String), message: "I need help", sender: "user", createdAt: expect.any(String) });
    expect((await read(guest, id)).body).toEqual([res.body]);
  });

  it("the admin reply path: the admin lists, reads and answers as admin; the shopper sees the answer", async () => {
    const guest = store.client();
    const id = await conversationOf(guest);
    await post(guest, id, { message: "Where is my Robux?", sender: "user" });
    const admin = await signedInAdmin();
    const all = await admin.call(adminConversations.GET, "/api/admin/support/conversations");
    expect(all.status).toBe(200);
    expect(all.body[0]).toEqual({
      id,
      sessionId: guest.jar.get("shop_visitor")!.split(".")[0],
      userId: null,
      orderId: null,
      email: null,
      status: "open",
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
      messageCount: 1,
      lastMessage: { sender: "user", message: "Where is my Robux?", createdAt: expect.any(String) },
    });
    expect((await read(admin, id)).body.map((m: { sender: string }) => m.sender)).toEqual(["user"]);
    const reply = await post(admin, id, { message: "On its way!", sender: "user" });
    expect(reply.status).toBe(201);
    expect(reply.body.sender).toBe("admin");
    expect((await read(guest, id)).body.map((m: { sender: string; message: string }) => [m.sender, m.message])).toEqual([
      ["user", "Where is my Robux?"],
      ["admin", "On its way!"],
    ]);
  });

  it("the admin list is newest activity first, for administrators only", async () => {
    const first = store.client();
    const second = store.client();
    const older = await conversationOf(first);
    const newer = await conversationOf(second);
    const admin = await signedInAdmin();
    const ids = async () => (await admin.call(adminConversations.GET, "/api/admin/support/conversations")).body.map((c: { id: string }) => c.id);
    expect((await ids()).indexOf(newer)).toBeLessThan((await ids()).indexOf(older));
    await post(first, older, { message: "bump" });
    expect((await ids())[0]).toBe(older);
    expect((await store.call(adminConversations.GET, "/api/admin/support/conversations")).status).toBe(401);
    const shopper = await signedInShopper("nosy@shop.test");
    expect((await shopper.call(adminConversations.GET, "/api/admin/support/conversations")).status).toBe(403);
  });

  it("refuses blank and oversized messages with 400 and stores nothing", async () => {
    const guest = store.client();
    const id = await conversationOf(guest);
    expect((await post(guest, id, { message: "   \n\t " })).body).toEqual({ error: "Please type a message" });
    const tooLong = await post(guest, id, { message: "x".repeat(2001) });
    expect(tooLong.status).toBe(400);
    expect(tooLong.body).toEqual({ error: "Messages can be at most 2,000 characters" });
    expect((await post(guest, id, {})).body).toMatchObject({ error: "message is required" });
    expect((await post(guest, id, { message: 42 })).status).toBe(400);
    expect((await read(guest, id)).body).toEqual([]);
    expect((await post(guest, id, { message: "y".repeat(2000) })).status).toBe(201);
  });

  it("gives markup back literally, as the text it is", async () => {
    const guest = store.client();
    const id = await conversationOf(guest);
    const markup = `<img src=x onerror="alert(1)"><script>alert('xss')</script> &lt;b&gt;`;
    expect((await post(guest, id, { message: markup })).body.message).toBe(markup);
    const res = await read(guest, id);
    expect(res.headers.get("content-type")).toMatch(/^application\/json/);
    expect(res.body[0].message).toBe(markup);
  });

  it("answers 404 for an unknown conversation", async () => {
    expect((await read(store.client(), "no-such-id")).status).toBe(404);
    expect((await post(store.client(), "no-such-id", { message: "hi" })).status).toBe(404);
  });
});

describe("cheap polling: the since-cursor and the ETag", () => {
  it("the plain GET returns the full list; ?after= only newer messages; If-None-Match answers 304 until something changes", async () => {
    const guest = store.client();
    const id = await conversationOf(guest);
    const m1 = (await post(guest, id, { message: "one" })).body;
    const m2 = (await post(guest, id, { message: "two" })).body;

    const full = await read(guest, id);
    expect(full.body.map((m: { id: string }) => m.id)).toEqual([m1.id, m2.id]);
    const etag = full.headers.get("etag")!;
    expect(etag).toBe('"v2"');

    const unchanged = await read(guest, id, { headers: { "if-none-match": etag } });
    expect(unchanged.status).toBe(304);
    expect(unchanged.body).toBeUndefined();
    expect((await read(guest, id, { query: { after: m2.id } })).body).toEqual([]);
    expect((await read(guest, id, { query: { after: m1.id } })).body.map((m: { id: string }) => m.id)).toEqual([m2.id]);

    const admin = await signedInAdmin();
    const m3 = (await post(admin, id, { message: "three" })).body;
    const changed = await read(guest, id, { query: { after: m2.id }, headers: { "if-none-match": etag } });
    expect(changed.status).toBe(200);
    expect(changed.body).toEqual([m3]);
    expect(changed.headers.get("etag")).toBe('"v3"');
    expect((await read(guest, id)).body).toHaveLength(3);
  });

  it("checks permission before answering 304, and refuses a cursor from another chat", async () => {
    const a = store.client();
    const id = await conversationOf(a);
    await post(a, id, { message: "one" });
    const other = store.client();
    expect((await read(other, id, { headers: { "if-none-match": '"v1"' } })).status).toBe(404);
    const elsewhere = await conversationOf(a);
    const foreign = (await post(a, elsewhere, { message: "x" })).body.id;
    expect((await read(a, id, { query: { after: foreign } })).body).toMatchObject({
      error: "That message is not in this chat: reload the chat and try again",
      fields: { after: "no such message in this chat" },
    });
  });
});

describe("PATCH /api/admin/support/conversations/{id}", () => {
  it("closes: the shopper can no longer write (409), still reads, and can start a new one; one event", async () => {
    const guest = store.client();
    const id = await conversationOf(guest);
    await post(guest, id, { message: "thanks, solved" });
    const admin = await signedInAdmin();
    const closed = await close(admin, id);
    expect(closed.status).toBe(200);
    expect(closed.body).toMatchObject({ id, status: "closed", messageCount: 1 });
    expect((await close(admin, id)).status).toBe(200);
    expect((await eventsFor(id)).map((e) => e.type)).toEqual(["SupportConversationOpened", "SupportConversationClosed"]);

    const refused = await post(guest, id, { message: "one more thing" });
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({ error: "This conversation has been closed. Please start a new conversation." });
    expect((await post(admin, id, { message: "late reply" })).status).toBe(409);
    expect((await read(guest, id)).body).toHaveLength(1);
    expect((await list(guest)).body).toEqual([expect.objectContaining({ id, status: "closed" })]);

    const fresh = await conversationOf(guest);
    expect((await list(guest)).body.map((c: { id: string; status: string }) => [c.id, c.status])).toEqual([
      [fresh, "open"],
      [id, "closed"],
    ]);
  });

  it("is for administrators only, only to closed, and 404 for an unknown conversation", async () => {
    const guest = store.client();
    const id = await conversationOf(guest);
    expect((await close(guest, id)).status).toBe(401);
    const shopper = await signedInShopper("closer@shop.test");
    expect((await close(shopper, id)).status).toBe(403);
    const admin = await signedInAdmin();
    expect((await close(admin, id, { status: "open" })).body).toMatchObject({ error: 'Status: a conversation can only be changed to "closed"' });
    expect((await close(admin, "no-such-id")).status).toBe(404);
    expect((await list(guest)).body[0].status).toBe("open");
  });
});

describe("rate limit", async () => {
  const clock = manualClock();
  const limited = await createTestApp({ seed: false, clock, env: { CHAT_MESSAGE_LIMIT_PER_MINUTE: "3" } });
  const send = (browser: ReturnType<typeof limited.client>, id: string) =>
    browser.call(messages.POST, `/api/support/conversations/${id}/messages`, { params: { id }, body: { message: "hi" } });

  it("refuses a visitor's messages beyond the limit with 429 until the next minute; another visitor is not affected", async () => {
    const guest = limited.client();
    const id = (await guest.call(conversations.POST, "/api/support/conversations", { body: {} })).body.id;
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push((await send(guest, id)).status);
    expect(statuses).toEqual([201, 201, 201, 429]);
    expect((await send(guest, id)).body).toEqual({ error: "You're sending messages too quickly. Please wait a minute and try again." });
    const other = limited.client();
    const otherId = (await other.call(conversations.POST, "/api/support/conversations", { body: {} })).body.id;
    expect((await send(other, otherId)).status).toBe(201);
    clock.advance(60_000);
    expect((await send(guest, id)).status).toBe(201);
  });
});
