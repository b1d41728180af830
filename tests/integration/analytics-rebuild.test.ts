import { spawnSync } from "node:child_process";
import { describe, expect, it } from "vitest";
import { createEventLog } from "#adapters/repositories/event-log.repository.ts";
import type { App } from "#server/app.ts";
import { analyticsProjections } from "#read-models/analytics/analytics-projections.ts";
import { PAGE_VISITS_KEPT } from "#read-models/analytics/page-visits.projection.ts";
import { bringProjectionsUpToDate, rebuildProjections, staleProjections } from "#read-models/analytics/rebuild-projections.ts";
import { generateEvents } from "#adapters/seed/analytics-events.ts";
import { readModelSnapshot as snapshot } from "./helpers/read-model-snapshot.ts";
import { createTestApp } from "./helpers/test-app.ts";

/** Appends a log live, the way the store does: each event in a transaction with the projections. */
async function appendLive(app: App, options: Parameters<typeof generateEvents>[0]): Promise<number> {
  const events = [...generateEvents(options)];
  for (let i = 0; i < events.length; i += 100) {
    await app.db.transaction().execute(async (trx) => {
      const log = createEventLog(trx, app.eventListeners);
      for (const event of events.slice(i, i + 100)) await log.append(event);
    });
  }
  return events.length;
}

describe.each(["UTC", "America/Los_Angeles"])("projections rebuild (TIME_ZONE=%s)", (timeZone) => {
  it("ends with exactly the rows the live projections hold, for every rm_* table", async () => {
    const { app } = await createTestApp({ seed: false, env: { TIME_ZONE: timeZone } });
    const count = await appendLive(app, { count: 3000, seed: 7, start: new Date("2026-10-01T21:30:00Z"), days: 40, visitors: 150 });
    const live = await snapshot(app);
    expect(Object.keys(live)).toEqual([
      "rm_analytics_days",
      "rm_analytics_entities",
      "rm_analytics_totals",
      "rm_cart_lines",
      "rm_delivery_days",
      "rm_delivery_minutes",
      "rm_game_delivery_minutes",
      "rm_live_visitors",
      "rm_new_customers",
      "rm_order_deliveries",
      "rm_order_delivery_times",
      "rm_page_visits",
      "rm_product_delivery_minutes",
      "rm_risk_chargebacks",
      "rm_risk_days",
      "rm_top_pages",
    ]);
    // The generated log reaches every table, so the comparison below compares something.
    for (const [table, rows] of Object.entries(live)) expect(rows.length, table).toBeGreaterThan(0);
    // Recent page visits keep exactly the newest PAGE_VISITS_KEPT views of the log.
    const newestViews = await app.db.selectFrom("events").select("id").where("type", "=", "PageViewed").orderBy("id", "desc").limit(PAGE_VISITS_KEPT).execute();
    expect(newestViews).toHaveLength(PAGE_VISITS_KEPT);
    const kept = await app.db.selectFrom("rm_page_visits").select("id").orderBy("id", "desc").execute();
    expect(kept.map((row) => Number(row.id))).toEqual(newestViews.map((e) => Number(e.id)));

    // A stray row proves the rebuild empties the tables before replaying.
    await app.db.insertInto("rm_top_pages").values({ page: "/stale", count: 99 }).execute();
    const progress: number[] = [];
    const result = await rebuildProjections(app.db, analyticsProjections({ timeZone }), {
      batchSize: 257,
      // Small enough that the rebuild drops its cache and reads rows back from the database.
      maxCachedRows: 100,
      onProgress: ({ done }) => progress.push(done),
    });
    expect(result).toEqual({ projections: analyticsProjections({ timeZone }).map((p) => p.name), events: count, undecodable: 0 });
    expect(progress.at(-1)).toBe(count);
    expect(await snapshot(app)).toEqual(live);
    // 3,000 events folded live one append at a time, then replayed: about 20 s on PostgreSQL on a busy machine.
  }, 90_000);
});

describe("npm run cli -- projections rebuild", () => {
  it("replays the log, says what it did and leaves the same contents", async () => {
    const { app, config } = await createTestApp({ seed: false });
    const count = await appendLive(app, { count: 600, seed: 11, start: new Date("2026-11-01T00:00:00Z"), days: 3 });
    const live = await snapshot(app);
    const run = spawnSync(process.execPath, ["scripts/cli.ts", "projections", "rebuild"], {
      env: { ...process.env, DEMO_DATA: "on", DATABASE_URL: config.databaseUrl, DATA_DIR: config.dataDir, LOG_LEVEL: "silent" },
      encoding: "utf8",
    });
    expect(run.stderr).toBe("");
    expect(run.status).toBe(0);
    expect(run.stdout.trim()).toMatch(
      new RegExp(
        `^projections rebuild: replayed ${count} events into analytics-summary, analytics-live-visitors, analytics-top-pages, analytics-page-visits, analytics-new-customers, analytics-delivery, analytics-delivery-times, analytics-risk in \\d+\\.\\d s \\([\\d,]+ events/s\\)$`,
      ),
    );
    expect(await snapshot(app)).toEqual(live);
    const usage = spawnSync(process.execPath, ["scripts/cli.ts", "projections"], {
      env: { ...process.env, DEMO_DATA: "on", DATABASE_URL: config.databaseUrl },
      encoding: "utf8",
    });
    expect(usage.status).toBe(1);
    expect(usage.stderr.trim()).toBe("usage: npm run cli -- projections rebuild");
  });
});

describe("projection versions", () => {
  it("rebuilds at start the projections that are new, of another version or built for another time zone", async () => {
    const { app } = await createTestApp({ seed: false });
    await appendLive(app, { count: 200, seed: 3, start: new Date("2026-11-01T00:00:00Z"), days: 2 });
    const projections = analyticsProjections({ timeZone: "UTC" });
    // A database that had events before the projections existed.
    expect((await staleProjections(app.db, projections)).map((p) => p.name)).toEqual(projections.map((p) => p.name));
    const live = await snapshot(app);
    expect((await bringProjectionsUpToDate(app.db, projections))?.events).toBe(200);
    expect(await snapshot(app)).toEqual(live);
    expect(await bringProjectionsUpToDate(app.db, projections)).toBeNull();

    const berlin = analyticsProjections({ timeZone: "Europe/Berlin" });
    expect((await staleProjections(app.db, berlin)).map((p) => p.name)).toEqual([
      "analytics-summary",
      "analytics-delivery",
      "analytics-delivery-times",
      "analytics-risk",
    ]);
    const bumped = projections.map((p) => (p.name === "analytics-top-pages" ? { ...p, version: p.version + 1 } : p));
    expect((await staleProjections(app.db, bumped)).map((p) => p.name)).toEqual(["analytics-top-pages"]);
  });

  it("skips and counts rows it cannot decode instead of guessing", async () => {
    const { app } = await createTestApp({ seed: false });
    const base = { version: 1, occurredAt: "2026-11-01T00:00:00.000Z", visitorId: "v", userId: null };
    await app.db
      .insertInto("events")
      .values([
        { ...base, type: "SomethingNew", payload: "{}" },
        { ...base, type: "PageViewed", payload: "not json" },
        { ...base, type: "OrderPlaced", payload: JSON.stringify({ orderId: "o1", total: "12.99", itemCount: 1 }) },
        { ...base, type: "PageViewed", payload: JSON.stringify({ page: "/", pageTitle: "Home", referrer: null }) },
      ])
      .execute();
    const result = await rebuildProjections(app.db, analyticsProjections({ timeZone: "UTC" }));
    expect(result).toMatchObject({ events: 4, undecodable: 3 });
    expect(await app.db.selectFrom("rm_top_pages").selectAll().execute()).toEqual([{ page: "/", count: 1 }]);
  });
});
