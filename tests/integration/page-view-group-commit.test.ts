import { describe, expect, it } from "vitest";
import type { EventListener } from "#adapters/repositories/event-log.repository.ts";
import { createBatchingPageViewLog } from "#adapters/repositories/page-view-log.repository.ts";
import { analyticsProjections } from "#read-models/analytics/analytics-projections.ts";
import { rebuildProjections } from "#read-models/analytics/rebuild-projections.ts";
import * as summary from "#src/pages/api/admin/analytics.ts";
import * as pageVisits from "#src/pages/api/analytics/page-visits.ts";
import * as topPages from "#src/pages/api/analytics/top-pages.ts";
import * as cartActivity from "#src/pages/api/tracking/cart-activity.ts";
import * as pageView from "#src/pages/api/tracking/page-view.ts";
import type { App } from "#server/app.ts";
import { readModelSnapshot } from "./helpers/read-model-snapshot.ts";
import { signedInAdmin, signedInShopper } from "./helpers/sign-in.ts";
import { createTestApp, TEST_DATABASE } from "./helpers/test-app.ts";
import { browsingGuest, visitorIdOf, type Browser } from "./helpers/visitors.ts";

// Page views are written in groups (adapters/repositories/page-view-log.repository.ts); these pin
// what a caller may still count on: a 204 means stored, the limit is exact, nothing is lost.
const LIMIT = 5;
let now = new Date("2026-11-22T10:00:00.000Z");
const store = await createTestApp({ clock: { now: () => now }, env: { TRACKING_LIMIT_PER_MINUTE: String(LIMIT) } });
const { app } = store;
const admin = await signedInAdmin(store);

const browser = () => browsingGuest(store);
const post = (b: Browser, page: string, target?: App) =>
  b.call(pageView.POST, "/api/tracking/page-view", { body: { page, pageTitle: `Title of ${page}`, referrer: null }, ...(target ? { app: target } : {}) });
const eventsOf = (visitorId: string) => app.db.selectFrom("events").selectAll().where("visitorId", "=", visitorId).orderBy("id").execute();
const hitsOf = async (visitorId: string) =>
  Number((await app.db.selectFrom("tracking_rate_limits").select("count").where("key", "=", `page-view:visitor:${visitorId}`).executeTakeFirst())?.count ?? 0);

/** While `work` runs, the sizes of the event groups the listeners are handed. */
async function groupSizes(work: () => Promise<unknown>): Promise<number[]> {
  const sizes: number[] = [];
  const spy: EventListener = async (events) => void sizes.push(events.length);
  app.eventListeners.push(spy);
  try {
    await work();
  } finally {
    app.eventListeners.splice(app.eventListeners.indexOf(spy), 1);
  }
  return sizes;
}

describe(`page views written together (group commit) on ${TEST_DATABASE}`, () => {
  it("answers 204 only once the view is stored: the figures show it right after the response", async () => {
    const before = (await admin.call(summary.GET, "/api/admin/analytics")).body.totalPageVisits;
    const b = await browser();
    expect((await post(b, "/group/first")).status).toBe(204);
    expect((await admin.call(pageVisits.GET, "/api/analytics/page-visits")).body[0]).toMatchObject({ page: "/group/first", sessionId: visitorIdOf(b) });
    expect((await admin.call(topPages.GET, "/api/analytics/top-pages")).body).toContainEqual({ page: "/group/first", count: 1 });
    expect((await admin.call(summary.GET, "/api/admin/analytics")).body.totalPageVisits).toBe(before + 1);

    // Many at once: each response comes after its own view is in the log.
    const browsers = await Promise.all(Array.from({ length: 12 }, browser));
    const sizes = await groupSizes(() =>
      Promise.all(
        browsers.map(async (other, i) => {
          expect((await post(other, `/group/${i}`)).status).toBe(204);
          expect((await eventsOf(visitorIdOf(other))).map((e) => JSON.parse(e.payload).page)).toEqual([`/group/${i}`]);
        }),
      ),
    );
    // They were written in fewer transactions than views: concurrent views share one.
    expect(sizes.reduce((a, b) => a + b, 0)).toBe(12);
    expect(Math.max(...sizes)).toBeGreaterThan(1);
    expect((await admin.call(summary.GET, "/api/admin/analytics")).body.totalPageVisits).toBe(before + 13);
  });

  it("keeps the limit exact under concurrency: of LIMIT + 5 simultaneous views, LIMIT are stored and 5 answered 429", async () => {
    now = new Date("2026-11-22T11:00:00.000Z");
    const b = await browser();
    const responses = await Promise.all(Array.from({ length: LIMIT + 5 }, (_, i) => post(b, `/burst/${i}`)));
    expect(responses.filter((r) => r.status === 204)).toHaveLength(LIMIT);
    const limited = responses.filter((r) => r.status === 429);
    expect(limited).toHaveLength(5);
    for (const r of limited) expect(r.body).toEqual({ error: "Too many tracking requests. Please slow down." });
    // The views stored are exactly the ones answered 204.
    const answered = responses.flatMap((r, i) => (r.status === 204 ? [`/burst/${i}`] : []));
    expect((await eventsOf(visitorIdOf(b))).map((e) => JSON.parse(e.payload).page).sort()).toEqual(answered.sort());
    expect(await hitsOf(visitorIdOf(b))).toBe(LIMIT + 5);
  });

  it("keeps the limit exact across two processes writing at the same time", async () => {
    now = new Date("2026-11-22T11:10:00.000Z");
    const other = store.sibling();
    const b = await browser();
    const responses = await Promise.all(Array.from({ length: 2 * LIMIT }, (_, i) => post(b, `/both/${i}`, i % 2 ? other : app)));
    expect(responses.filter((r) => r.status === 204)).toHaveLength(LIMIT);
    expect(responses.filter((r) => r.status === 429)).toHaveLength(LIMIT);
    expect(await eventsOf(visitorIdOf(b))).toHaveLength(LIMIT);
    expect(await hitsOf(visitorIdOf(b))).toBe(2 * LIMIT);
  });

  it("answers every view of a failed write with the 500 contract, storing none of it (not even the hits)", async () => {
    now = new Date("2026-11-22T12:00:00.000Z");
    const b = await browser();
    const failing: EventListener = async () => Promise.reject(new Error("projection down"));
    app.eventListeners.push(failing);
    let responses;
    try {
      responses = await Promise.all(Array.from({ length: 3 }, (_, i) => post(b, `/fail/${i}`)));
    } finally {
      app.eventListeners.splice(app.eventListeners.indexOf(failing), 1);
    }
    for (const r of responses) expect([r.status, r.body]).toEqual([500, { error: "Something went wrong on our side. Please try again." }]);
    expect(await eventsOf(visitorIdOf(b))).toEqual([]);
    expect(await hitsOf(visitorIdOf(b))).toBe(0);
    // The whole minute's quota is still there.
    const after = await Promise.all(Array.from({ length: LIMIT }, (_, i) => post(b, `/after/${i}`)));
    expect(after.map((r) => r.status)).toEqual(Array<number>(LIMIT).fill(204));
  });

  it("writes the views that arrive while a failing write runs in the next one: they are not lost", async () => {
    now = new Date("2026-11-22T12:10:00.000Z");
    const [doomed, later1, later2] = await Promise.all([browser(), browser(), browser()]);
    let entered!: () => void;
    const inside = new Promise<void>((resolve) => (entered = resolve));
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    // Fails (after the test has sent more views) the write that holds the doomed browser's view.
    const failing: EventListener = async (events) => {
      if (!events.some((e) => e.visitorId === visitorIdOf(doomed))) return;
      entered();
      await gate;
      throw new Error("projection down");
    };
    app.eventListeners.push(failing);
    try {
      const first = post(doomed, "/doomed");
      await inside;
      const later = [post(later1, "/later/1"), post(later2, "/later/2")];
      release();
      expect((await first).status).toBe(500);
      expect((await Promise.all(later)).map((r) => r.status)).toEqual([204, 204]);
    } finally {
      app.eventListeners.splice(app.eventListeners.indexOf(failing), 1);
    }
    expect(await eventsOf(visitorIdOf(doomed))).toEqual([]);
    expect((await eventsOf(visitorIdOf(later1))).map((e) => JSON.parse(e.payload).page)).toEqual(["/later/1"]);
    expect((await eventsOf(visitorIdOf(later2))).map((e) => JSON.parse(e.payload).page)).toEqual(["/later/2"]);
  });

  it("close() writes what is queued, then refuses new views", async () => {
    const other = store.sibling();
    const view = (page: string) => ({
      type: "PageViewed" as const,
      occurredAt: now,
      visitorId: "closing-visitor",
      userId: null,
      payload: { page, pageTitle: "", referrer: null },
    });
    const queued = [1, 2, 3].map((i) => other.pageViews.record(view(`/closing/${i}`), { key: `page-view:visitor:closing-${i}`, limit: LIMIT }));
    await other.pageViews.close();
    expect(await Promise.all(queued)).toEqual(["recorded", "recorded", "recorded"]);
    expect(await eventsOf("closing-visitor")).toHaveLength(3);
    await expect(other.pageViews.record(view("/too-late"), { key: "page-view:visitor:closing-4", limit: LIMIT })).rejects.toThrow(/closed/);
  });
});

describe(`when a group of page views is written, on ${TEST_DATABASE}`, () => {
  const view = (visitorId: string) => ({
    type: "PageViewed" as const,
    occurredAt: now,
    visitorId,
    userId: null,
    payload: { page: `/when/${visitorId}`, pageTitle: "", referrer: null },
  });
  const hit = (visitorId: string) => ({ key: `page-view:visitor:${visitorId}`, limit: LIMIT });
  const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

  it("writes a lone view at the first event-loop turn that brings no other, not after the longest wait", async () => {
    const sizes: number[] = [];
    // A minute of longest wait: the test would time out if the write waited for it.
    const log = createBatchingPageViewLog(app.db, [async (events) => void sizes.push(events.length)], { windowMs: 60_000 });
    expect(await log.record(view("when-lone"), hit("when-lone"))).toBe("recorded");
    expect(sizes).toEqual([1]);
    await log.close();
  });

  it("keeps waiting while each turn brings more views, and writes the ones after a quiet turn in the next group", async () => {
    const sizes: number[] = [];
    const log = createBatchingPageViewLog(app.db, [async (events) => void sizes.push(events.length)], { windowMs: 60_000 });
    const recorded = [log.record(view("when-1"), hit("when-1"))];
    await nextTurn();
    recorded.push(log.record(view("when-2"), hit("when-2")));
    await nextTurn();
    recorded.push(log.record(view("when-3"), hit("when-3")));
    // Two turns without a view: the first three are being written; the fourth waits for the next group.
    await nextTurn();
    await nextTurn();
    recorded.push(log.record(view("when-4"), hit("when-4")));
    expect(await Promise.all(recorded)).toEqual(["recorded", "recorded", "recorded", "recorded"]);
    expect(sizes).toEqual([3, 1]);
    await log.close();
  });
});

describe(`a concurrent burst of page views on ${TEST_DATABASE}`, () => {
  it("leaves the projections exactly as a rebuild of the log: many visitors, some over the limit, two processes, across minutes", async () => {
    // Every reading of the clock is 150 ms later, so the burst spans minute windows.
    let tick = new Date("2026-11-23T09:00:00.000Z").getTime();
    const burst = await createTestApp({ clock: { now: () => new Date((tick += 150)) }, env: { TRACKING_LIMIT_PER_MINUTE: "4" } });
    const sibling = burst.sibling();
    const product = await burst.app.db.selectFrom("products").select("id").orderBy("id").executeTakeFirstOrThrow();
    const shoppers = [await signedInShopper(burst), await signedInShopper(burst)];
    const visitors = [...shoppers];
    for (let i = 0; i < 30; i++) visitors.push(await browsingGuest(burst));
    tick = new Date("2026-11-23T09:59:50.000Z").getTime();
    const calls: Array<Promise<{ status: number }>> = [];
    visitors.forEach((b, v) => {
      // 1 to 7 views each against a limit of 4, half of them through the other process.
      for (let n = 0; n < 1 + (v % 7); n++) {
        const page = `/shop/${["blox-fruits", "adopt-me", "pet-sim"][(v + n) % 3]}`;
        calls.push(
          b.call(pageView.POST, "/api/tracking/page-view", { body: { page, pageTitle: page, referrer: n ? page : null }, app: n % 2 ? sibling : burst.app }),
        );
      }
      if (v % 5 === 0) calls.push(b.call(cartActivity.POST, "/api/tracking/cart-activity", { body: { productId: product.id, quantity: 1 } }));
    });
    // Clients without a cookie, limited by their (shared) address.
    for (let i = 0; i < 8; i++) calls.push(burst.call(pageView.POST, "/api/tracking/page-view", { body: { page: "/" }, ip: "203.0.113.9" }));
    const statuses = (await Promise.all(calls)).map((r) => r.status);
    expect(statuses.every((s) => s === 204 || s === 429)).toBe(true);
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThan(0);

    const { app: live } = burst;
    const views = await live.db.selectFrom("events").select(["occurredAt"]).where("type", "=", "PageViewed").execute();
    expect(new Set(views.map((e) => e.occurredAt.slice(0, 16))).size).toBeGreaterThan(1);
    const before = await readModelSnapshot(live);
    expect(before["rm_page_visits"]!.length).toBeGreaterThan(0);
    await rebuildProjections(live.db, analyticsProjections({ timeZone: live.config.timeZone }));
    expect(await readModelSnapshot(live)).toEqual(before);
  });
});
