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
async function stream(browser: { jar: Map<string, string> }, options: { lastEventId?: number | null; app?: typeof store.app } = {}) {
  const s = await openEventStream(options.app ?? store.app, browser.jar, options);
  opened.push(s);
  return s;
}
afterAll(() => opened.forEach((s) => s.close()));

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
});
