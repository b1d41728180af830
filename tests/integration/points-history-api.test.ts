import { describe, expect, it } from "vitest";
import * as points from "#src/pages/api/points/index.ts";
import * as history from "#src/pages/api/points/history.ts";
import { createTestApp } from "./helpers/test-app.ts";
import { signIn } from "./helpers/shoppers.ts";

// Issue 33: the Points tab shows the newest 50 entries of the history and "Show more" reads the
// next pages from GET /api/points/history?before=, so no entry is out of reach however long the
// history grows. 120 entries, some at the same instant (the id breaks the tie).

const store = await createTestApp();
const db = store.app.db;
const shopper = await signIn(store, "points-pager@shop.test");
const other = await signIn(store, "points-other@shop.test");
const COUNT = 120;

const entries = Array.from({ length: COUNT }, (_, i) => ({
  id: `entry-${String(i).padStart(3, "0")}`,
  userId: shopper.userId,
  amount: i + 1,
  reason: "purchase",
  reference: `order-${i}`,
  actorId: null,
  createdAt: new Date(Date.UTC(2026, 0, 1, 0, Math.min(i, 100))).toISOString(),
}));
await db.insertInto("points_ledger").values(entries).execute();
await db
  .insertInto("points_ledger")
  .values({ id: "entry-of-another", userId: other.userId, amount: 5, reason: "purchase", reference: "x", actorId: null, createdAt: new Date().toISOString() })
  .execute();
const newestFirst = [...entries].sort((a, b) => (a.createdAt === b.createdAt ? (a.id < b.id ? 1 : -1) : a.createdAt < b.createdAt ? 1 : -1)).map((e) => e.id);

describe("the points history pages", () => {
  it("GET /api/points shows the newest 50 and the cursor of the rest", async () => {
    const res = await shopper.call(points.GET, "/api/points");
    expect(res.status).toBe(200);
    expect(res.body.history.map((e: { id: string }) => e.id)).toEqual(newestFirst.slice(0, 50));
    expect(res.body.historyNextCursor).toBe(newestFirst[49]);
  });

  it("GET /api/points/history walks the rest once, through ties, and ends without a cursor", async () => {
    const seen: string[] = (await shopper.call(points.GET, "/api/points")).body.history.map((e: { id: string }) => e.id);
    let before: string | null = seen.at(-1)!;
    while (before !== null) {
      const res: { status: number; body: { id: string }[]; headers: Headers } = await shopper.call(history.GET, "/api/points/history", {
        query: { before, limit: "30" },
      });
      expect(res.status).toBe(200);
      expect(res.body[0]).toMatchObject({ amount: expect.any(Number), reason: "purchase", label: "Points for a completed order" });
      seen.push(...res.body.map((e: { id: string }) => e.id));
      before = res.headers.get("x-next-cursor");
    }
    expect(seen).toEqual(newestFirst);
  });

  it("never reads another shopper's history: their entry as a cursor answers nothing", async () => {
    const res = await shopper.call(history.GET, "/api/points/history", { query: { before: "entry-of-another" } });
    expect(res.body).toEqual([]);
    const theirs = await other.call(points.GET, "/api/points");
    expect(theirs.body.history.map((e: { id: string }) => e.id)).toEqual(["entry-of-another"]);
    expect(theirs.body.historyNextCursor).toBeNull();
  });

  it("asks for a session and refuses a limit over 100", async () => {
    expect((await store.client().call(history.GET, "/api/points/history")).status).toBe(401);
    expect((await shopper.call(history.GET, "/api/points/history", { query: { limit: "101" } })).status).toBe(400);
  });
});
