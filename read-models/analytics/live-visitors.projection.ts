import { evolveLiveVisitor } from "#domain/analytics/live-visitor.ts";
import type { Projection } from "./projection.ts";
import { stateTable } from "./projection-transaction.ts";

export const LIVE_VISITORS = stateTable("rm_live_visitors", ["sessionId"]);

/**
 * Each visitor's latest page view. Who is live is decided when asked (last 5 minutes before the
 * clock's now), so the table needs no clean-up to stay right.
 */
export const liveVisitorsProjection: Projection = {
  name: "analytics-live-visitors",
  version: 1,
  settings: "",
  handles: ["PageViewed"],
  tables: [LIVE_VISITORS],
  reads: (event) => (event.type === "PageViewed" && event.visitorId ? [{ table: LIVE_VISITORS, key: { sessionId: event.visitorId } }] : []),
  async evolve(event, trx) {
    if (event.type !== "PageViewed" || !event.visitorId) return;
    const next = evolveLiveVisitor(await trx.get(LIVE_VISITORS, { sessionId: event.visitorId }), event);
    if (next) trx.put(LIVE_VISITORS, next);
  },
};
