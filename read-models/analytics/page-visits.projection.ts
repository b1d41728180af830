import type { Projection } from "./projection.ts";
import { cappedTable } from "./projection-transaction.ts";

/** The recent page visits panel never shows more than this many; older ones live on in the event log. */
export const PAGE_VISITS_KEPT = 100;
export const PAGE_VISITS = cappedTable("rm_page_visits", PAGE_VISITS_KEPT);

/** The latest page views, with the event's log position as their id. */
export const pageVisitsProjection: Projection = {
  name: "analytics-page-visits",
  version: 1,
  settings: "",
  handles: ["PageViewed"],
  tables: [PAGE_VISITS],
  async evolve(event, trx) {
    if (event.type !== "PageViewed") return;
    trx.append(PAGE_VISITS, {
      id: event.id,
      page: event.payload.page,
      pageTitle: event.payload.pageTitle,
      referrer: event.payload.referrer,
      userId: event.userId,
      sessionId: event.visitorId,
      createdAt: event.occurredAt.toISOString(),
    });
  },
};
