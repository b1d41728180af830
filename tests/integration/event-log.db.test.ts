import { describe, expect, it } from "vitest";
import { appendEvents, createEventLog } from "#adapters/repositories/event-log.repository.ts";
import type { StoredEvent } from "#domain/analytics/events.ts";
import { createTestApp, TEST_DATABASE } from "./helpers/test-app.ts";

const { app } = await createTestApp({ seed: false });
const at = new Date("2026-11-21T10:00:00.000Z");

describe(`event log on ${TEST_DATABASE}`, () => {
  it("appends events in order with JSON payloads and tells listeners in the same transaction", async () => {
    const seen: StoredEvent[] = [];
    await app.db.transaction().execute(async (trx) => {
      const log = createEventLog(trx, [async (events) => void seen.push(...events)]);
      await log.append({ type: "PageViewed", occurredAt: at, visitorId: "v1", userId: null, payload: { page: "/", pageTitle: "Home", referrer: null } });
      await log.append({ type: "UserRegistered", occurredAt: at, visitorId: "v1", userId: "u1", payload: { email: "a@b.co" } });
    });
    const rows = await app.db.selectFrom("events").selectAll().orderBy("id").execute();
    expect(rows.map((r) => [r.type, r.version, r.occurredAt, r.visitorId, r.userId, JSON.parse(r.payload)])).toEqual([
      ["PageViewed", 1, "2026-11-21T10:00:00.000Z", "v1", null, { page: "/", pageTitle: "Home", referrer: null }],
      ["UserRegistered", 1, "2026-11-21T10:00:00.000Z", "v1", "u1", { email: "a@b.co" }],
    ]);
    expect(seen.map((e) => e.id)).toEqual(rows.map((r) => r.id));
    expect(seen[1]!.id).toBeGreaterThan(seen[0]!.id);
  });

  it("appends many events in their order with multi-row inserts and hands them to each listener at once", async () => {
    const calls: StoredEvent[][] = [];
    const views = Array.from({ length: 1234 }, (_, i) => ({
      type: "PageViewed" as const,
      occurredAt: new Date(at.getTime() + i),
      visitorId: `v${i}`,
      userId: null,
      payload: { page: `/p/${i}`, pageTitle: `Page ${i}`, referrer: null },
    }));
    const stored = await app.db.transaction().execute((trx) => appendEvents(trx, views, [async (events) => void calls.push([...events])]));
    expect(calls).toHaveLength(1);
    expect(calls[0]).toEqual(stored);
    const rows = await app.db.selectFrom("events").selectAll().where("type", "=", "PageViewed").where("visitorId", "like", "v%").orderBy("id").execute();
    const appended = rows.slice(-views.length);
    // Each event got the position of its own row, and positions follow the order given.
    expect(stored.map((e) => [e.id, e.visitorId, e.payload])).toEqual(appended.map((r) => [r.id, r.visitorId, JSON.parse(r.payload)]));
    expect(stored.map((e) => e.visitorId)).toEqual(views.map((v) => v.visitorId));
    expect(await app.db.transaction().execute((trx) => appendEvents(trx, [], [async () => Promise.reject(new Error("not called"))]))).toEqual([]);
  });

  it("keeps no event of a transaction that fails (also when a listener fails)", async () => {
    const before = (await app.db.selectFrom("events").select("id").execute()).length;
    await expect(
      app.db.transaction().execute(async (trx) => {
        const log = createEventLog(trx, [async () => Promise.reject(new Error("projection failed"))]);
        await log.append({ type: "UserRegistered", occurredAt: at, visitorId: null, userId: "u2", payload: { email: "c@d.co" } });
      }),
    ).rejects.toThrow("projection failed");
    expect((await app.db.selectFrom("events").select("id").execute()).length).toBe(before);
  });
});
