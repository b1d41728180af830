import { afterAll, describe, expect, it } from "vitest";
import * as conversations from "#src/pages/api/support/conversations/index.ts";
import * as supportMessages from "#src/pages/api/support/conversations/[id]/messages.ts";
import * as orderMessages from "#src/pages/api/orders/[id]/messages.ts";
import * as orderStatus from "#src/pages/api/orders/[id]/status.ts";
import { createTestApp } from "./helpers/test-app.ts";
import { joinStaff } from "./helpers/accounts.ts";
import { openEventStream, type OpenStream, type StreamFrame } from "./helpers/event-stream.ts";
import { captureCall, PASSWORD, preparedPayment, product, signIn, signInAdmin } from "./helpers/shoppers.ts";
import * as adminLogin from "#src/pages/api/auth/login.ts";

// Issue 38: the live channel tells each person only what they may see, resumes without a gap, and
// reaches streams held by another process (a sibling app on the same database).
const store = await createTestApp();
const owner = await signInAdmin(store);
const sam = await signIn(store, `sam-live-${Date.now()}@shop.test`);
const ada = await signIn(store, `ada-live-${Date.now()}@shop.test`);
const supportEmail = `support-live-${Date.now()}@shop.test`;
await signIn(store, supportEmail);
await joinStaff(store, owner, supportEmail, "support");
const support = store.client();
expect((await support.call(adminLogin.POST, "/api/auth/login", { body: { email: supportEmail, password: PASSWORD } })).status).toBe(200);
const item = await product(store, "10M Diamonds");

const opened: OpenStream[] = [];
async function stream(
  browser: { jar: Map<string, string> },
  options: { lastEventId?: number | null; app?: typeof store.app; via?: "front" | "route"; query?: string } = {},
) {
  const app = options.app ?? store.app;
  const s = await openEventStream(app, browser.jar, options);
  opened.push(s);
  hubs.add(app);
  return s;
}
const hubs = new Set<typeof store.app>();
// Every stream ended by its hub (which then closes its LISTEN connection on PostgreSQL, as a
// stopping process does) before the apps' pools close and the database is dropped.
afterAll(() => {
  for (const app of hubs) app.live.closeAll();
  opened.forEach((s) => s.close());
});

async function paidOrder(browser: typeof sam): Promise<string> {
  const { paymentId } = await preparedPayment(browser, item.id, 1);
  const captured = await captureCall(browser, paymentId);
  expect(captured.status).toBeLessThan(300);
  const row = await store.app.db.selectFrom("orders").select("id").where("userId", "=", browser.userId).orderBy("createdAt", "desc").executeTakeFirstOrThrow();
  return row.id;
}

const isOrder = (orderId: string) => (f: StreamFrame) => f.event === "order" && (f.data as { orderId: string }).orderId === orderId;
/** Lets every wake-up run, so that a frame that should not come has had its chance. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 300));

describe("GET /api/events", () => {
  it("guests get 401 and no stream; a signed-in person gets text/event-stream with a retry hint and a position", async () => {
    const guest = await stream(store.client());
    expect(guest.status).toBe(401);
    const mine = await stream(sam);
    expect(mine.status).toBe(200);
    expect(mine.headers.get("content-type")).toBe("text/event-stream; charset=utf-8");
    expect(mine.headers.get("cache-control")).toContain("no-store");
    await mine.next((f) => f.retry !== null);
    await mine.next((f) => f.id !== null);
  });

  it("a paid order reaches its shopper and order staff, never another shopper; its chat likewise", async () => {
    const [samStream, adaStream, supportStream, ownerStream] = [await stream(sam), await stream(ada), await stream(support), await stream(owner)];
    const orderId = await paidOrder(sam);
    for (const s of [samStream, supportStream, ownerStream]) {
      const frame = await s.next(isOrder(orderId));
      expect(frame.data).toMatchObject({ kind: "order", orderId, change: "placed", newPaidOrder: true, paymentStatus: "paid" });
    }
    const posted = await sam.call(orderMessages.POST, `/api/orders/${orderId}/messages`, { params: { id: orderId }, body: { message: "Where is it?" } });
    expect(posted.status).toBe(201);
    for (const s of [samStream, supportStream, ownerStream]) await s.next((f) => f.event === "order-message");
    await settle();
    expect(adaStream.events()).toEqual([]);
    // Nothing of the message's text goes down the channel: the island reads it from its endpoint.
    expect(JSON.stringify(samStream.frames)).not.toContain("Where is it?");
  });

  it("support conversations and messages reach support staff and the conversation's owner only", async () => {
    const [samStream, adaStream, supportStream] = [await stream(sam), await stream(ada), await stream(support)];
    const conversation = await ada.call(conversations.POST, "/api/support/conversations", { body: { status: "open" } });
    const id = conversation.body.id as string;
    await supportStream.next((f) => f.event === "conversation" && (f.data as { opened: boolean }).opened);
    const reply = await support.call(supportMessages.POST, `/api/support/conversations/${id}/messages`, { params: { id }, body: { message: "Hello!" } });
    expect(reply.status).toBe(201);
    const heard = await adaStream.next((f) => f.event === "support-message");
    expect(heard.data).toEqual({ kind: "support-message", conversationId: id, seq: 1 });
    await settle();
    expect(samStream.events()).toEqual([]);
  });

  it("a shopper never hears of another shopper's paid order", async () => {
    const samStream = await stream(sam);
    const adaOrder = await paidOrder(ada);
    await settle();
    expect(samStream.events().filter(isOrder(adaOrder))).toEqual([]);
  });

  it("a reconnect with Last-Event-ID gets every change it missed, in order, then the live ones", async () => {
    const first = await stream(owner);
    const before = await first.next((f) => f.id !== null);
    first.close();
    const missed = [await paidOrder(sam), await paidOrder(ada)];
    const again = await stream(owner, { lastEventId: before.id });
    for (const orderId of missed) await again.next(isOrder(orderId));
    const placed = again.events().filter((f) => f.event === "order" && (f.data as { change: string }).change === "placed");
    expect(placed.map((f) => (f.data as { orderId: string }).orderId)).toEqual(missed);
    const ids = again.events().map((f) => f.id!);
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    const live = await paidOrder(sam);
    await again.next(isOrder(live));
  });

  it("an order's status change made through another process reaches a stream held by this one, and the other way round", async () => {
    const other = store.sibling();
    const here = await stream(sam);
    const there = await stream(owner, { app: other });
    const orderId = await paidOrder(sam);
    await there.next(isOrder(orderId), 10_000);
    const changed = await owner.call(orderStatus.PATCH, `/api/orders/${orderId}/status`, {
      method: "PATCH",
      params: { id: orderId },
      body: { status: "processing" },
      app: other,
    });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    const frame = await here.next((f) => isOrder(orderId)(f) && (f.data as { change: string }).change === "status", 10_000);
    expect(frame.data).toMatchObject({ status: "processing" });
  });

  it("the server's front answers the stream itself, with the API's security headers; the route module (astro dev) answers the same", async () => {
    const front = await stream(owner);
    expect(front.status).toBe(200);
    for (const [name, value] of Object.entries({
      "content-type": "text/event-stream; charset=utf-8",
      "cache-control": "private, no-store, no-transform",
      "x-accel-buffering": "no",
      "x-content-type-options": "nosniff",
      "x-frame-options": "DENY",
      "referrer-policy": "strict-origin-when-cross-origin",
    })) {
      expect(front.headers.get(name), name).toBe(value);
    }
    expect(front.headers.get("x-request-id")).toMatch(/^[0-9a-f]{32}$/);
    const viaRoute = await stream(owner, { via: "route" });
    expect(viaRoute.status).toBe(200);
    expect(viaRoute.headers.get("content-type")).toBe(front.headers.get("content-type"));
    const orderId = await paidOrder(sam);
    for (const s of [front, viaRoute]) await s.next(isOrder(orderId));
    const guest = await stream(store.client());
    expect(guest.status).toBe(401);
    expect(guest.headers.get("content-type")).toContain("application/json");
    expect(guest.headers.get("x-content-type-options")).toBe("nosniff");
    expect((await stream(store.client(), { via: "route" })).status).toBe(401);
  });

  it("a client that goes away is forgotten at once; `?lastEventId=` resumes like the header", async () => {
    const first = await stream(owner);
    const position = (await first.next((f) => f.id !== null)).id!;
    const held = store.app.live.size();
    first.close();
    await first.ended;
    for (let i = 0; i < 50 && store.app.live.size() >= held; i++) await settle();
    expect(store.app.live.size()).toBe(held - 1);
    const missed = await paidOrder(sam);
    const again = await stream(owner, { query: `?lastEventId=${position}` });
    await again.next(isOrder(missed));
  });

  it("a session ended elsewhere ends its open streams at the next heartbeat's check, and gets no new one; other sessions' streams go on", async () => {
    const shopper = await signIn(store, `gone-live-${Date.now()}@shop.test`);
    const [front, viaRoute, others] = [await stream(shopper), await stream(shopper, { via: "route" }), await stream(sam)];
    for (const s of [front, viaRoute, others]) await s.next((f) => f.id !== null);
    await store.app.live.checkSessions();
    await settle();
    expect(front.frames.some((f) => f.event === "renew")).toBe(false);
    await store.app.db.deleteFrom("session").where("userId", "=", shopper.userId).execute();
    await store.app.live.checkSessions();
    for (const s of [front, viaRoute]) {
      const renew = await s.next((f) => f.event === "renew");
      expect(renew.retry).toBeGreaterThan(0);
      await s.ended;
    }
    expect(others.frames.some((f) => f.event === "renew")).toBe(false);
    expect((await stream(shopper)).status).toBe(401);
    const orderId = await paidOrder(sam);
    await others.next(isOrder(orderId));
  });
});

describe("EVENT_STREAMS_MAX", () => {
  it("past the bound, the stream idle the longest is ended with a retry hint of 5-15 s; the others stay", async () => {
    const small = await createTestApp({ env: { EVENT_STREAMS_MAX: "2" } });
    const staff = await signInAdmin(small);
    const oldest = await openEventStream(small.app, staff.jar);
    await oldest.next((f) => f.id !== null);
    const second = await openEventStream(small.app, staff.jar);
    await second.next((f) => f.id !== null);
    const third = await openEventStream(small.app, staff.jar);
    opened.push(oldest, second, third);
    const shed = await oldest.next((f) => f.event === "shed");
    expect(shed.retry).toBeGreaterThanOrEqual(5000);
    expect(shed.retry).toBeLessThanOrEqual(15_000);
    await oldest.ended;
    expect(third.status).toBe(200);
    expect(small.app.live.size()).toBe(2);
    expect(second.frames.some((f) => f.event === "shed")).toBe(false);
    small.app.live.closeAll();
    expect(small.app.live.size()).toBe(0);
  });
});
