import { describe, expect, it } from "vitest";
import * as confirm from "#src/pages/api/orders/[id]/confirm.ts";
import * as timeline from "#src/pages/api/orders/[id]/timeline.ts";
import * as orderStatus from "#src/pages/api/orders/[id]/status.ts";
import { signIn, signInAdmin } from "./helpers/shoppers.ts";
import { createTestOrder } from "./helpers/test-orders.ts";
import { createTestApp, TEST_DATABASE } from "./helpers/test-app.ts";

// Confirm receipt (issue 36) through the route, on a real database; the window is the default 72 hours.
const store = await createTestApp({ seed: false });
const { db } = store.app;
const owner = await signIn(store, "receiver@shop.test");
const other = await signIn(store, "someone-else@shop.test");
const admin = await signInAdmin(store);
const HOUR = 3_600_000;

/** An order of `userId` in `status`, delivered `hoursAgo` hours ago (null: never delivered). */
async function order(id: string, userId: string, hoursAgo: number | null, status = "completed") {
  await createTestOrder(db, id, userId);
  const deliveredAt = hoursAgo === null ? null : new Date(Date.now() - hoursAgo * HOUR).toISOString();
  await db.updateTable("orders").set({ status, paymentStatus: "paid", deliveredAt }).where("id", "=", id).execute();
}

const answer = (browser: typeof owner, id: string, body: unknown) =>
  browser.call(confirm.POST, `/api/orders/${id}/confirm`, { method: "POST", params: { id }, body });
const kinds = async (id: string) =>
  (await owner.call(timeline.GET, `/api/orders/${id}/timeline`, { params: { id } })).body.map((e: { kind: string }) => e.kind);

describe(`POST /api/orders/{id}/confirm on ${TEST_DATABASE}`, () => {
  it("'I got it' completes a delivered order at once, once, for its owner only", async () => {
    await order("rcpt-got", owner.userId, 1);
    expect(
      (await store.call(confirm.POST, "/api/orders/rcpt-got/confirm", { method: "POST", params: { id: "rcpt-got" }, body: { received: true } })).status,
    ).toBe(401);
    expect((await answer(other, "rcpt-got", { received: true })).status).toBe(404);
    expect((await answer(owner, "rcpt-got", { received: "yes" })).status).toBe(400);
    const got = await answer(owner, "rcpt-got", { received: true });
    expect(got.status).toBe(200);
    expect(got.body).toEqual({ receipt: "received" });
    expect((await answer(owner, "rcpt-got", { received: false })).status).toBe(409);
    expect(await kinds("rcpt-got")).toContain("received");
    const row = await db.selectFrom("orders").select(["receipt", "status"]).where("id", "=", "rcpt-got").executeTakeFirstOrThrow();
    expect(row).toEqual({ receipt: "received", status: "completed" });
  });

  it("answers only within the window after delivery, and only for delivered orders", async () => {
    await order("rcpt-early", owner.userId, null, "processing");
    await order("rcpt-inside", owner.userId, 71.9);
    await order("rcpt-outside", owner.userId, 72.01);
    expect((await answer(owner, "rcpt-early", { received: true })).status).toBe(409);
    expect((await answer(owner, "rcpt-outside", { received: true })).status).toBe(409);
    expect((await answer(owner, "rcpt-inside", { received: true })).status).toBe(200);
  });

  it("'I didn't get it' opens a case on the order's chat with the shopper's words; staff re-delivering asks again", async () => {
    await order("rcpt-missing", owner.userId, 2);
    const said = await answer(owner, "rcpt-missing", { received: false, note: "Nothing arrived in my inventory" });
    expect(said.body).toEqual({ receipt: "not_received" });
    const messages = await db.selectFrom("order_messages").select(["sender", "message"]).where("orderId", "=", "rcpt-missing").execute();
    expect(messages).toEqual([{ sender: "user", message: "I didn't get this order. Nothing arrived in my inventory" }]);
    expect(await kinds("rcpt-missing")).toContain("not_received");
    // Re-delivery with the existing use case: back to processing, then delivered again.
    for (const status of ["processing", "completed"]) {
      const moved = await admin.call(orderStatus.PATCH, "/api/orders/rcpt-missing/status", {
        method: "PATCH",
        params: { id: "rcpt-missing" },
        body: { status },
      });
      expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    }
    expect((await db.selectFrom("orders").select("receipt").where("id", "=", "rcpt-missing").executeTakeFirstOrThrow()).receipt).toBeNull();
    expect((await answer(owner, "rcpt-missing", { received: true })).status).toBe(200);
  });

  it("silence completes delivered orders after the window, in bounded batches, exactly once between two app instances", { timeout: 60_000 }, async () => {
    const silent: string[] = [];
    for (let i = 0; i < 30; i++) {
      const id = `rcpt-silent-${String(i).padStart(2, "0")}`;
      await order(id, owner.userId, 73 + i);
      silent.push(id);
    }
    await order("rcpt-still-open", owner.userId, 10);
    const sibling = store.sibling();
    // At the same moment (on SQLite one of them may find the file locked: its job's next run retries).
    const runs = await Promise.allSettled([store.app.receipts.closeReceiptWindows(), sibling.receipts.closeReceiptWindows()]);
    const [a, b] = runs.map((r) => (r.status === "fulfilled" ? r.value : []));
    expect(a!.filter((id) => b!.includes(id))).toEqual([]);
    const again = await sibling.receipts.closeReceiptWindows();
    const all = [...a!, ...b!, ...again];
    expect(new Set(all).size).toBe(all.length);
    // Older orders answered earlier in this file (rcpt-outside) are completed too.
    const closed = all.sort();
    expect(closed.filter((id) => id.startsWith("rcpt-silent-"))).toEqual(silent);
    expect(closed).not.toContain("rcpt-still-open");
    expect(await store.app.receipts.closeReceiptWindows()).toEqual([]);
    const lines = await db.selectFrom("order_timeline").select("orderId").where("kind", "=", "completed").execute();
    expect(lines.filter((l) => l.orderId.startsWith("rcpt-silent-"))).toHaveLength(30);
    expect((await answer(owner, "rcpt-silent-00", { received: false })).status).toBe(409);
  });
});
