import type { Kysely } from "kysely";
import type { Database } from "#adapters/db/schema.ts";
import { LIVE_VISITOR_WINDOW_MS, since } from "#domain/analytics/analytics-windows.ts";
import type { LiveVisitor } from "#domain/analytics/live-visitor.ts";

/** The most live visitors listed at once; the panel shows who is on the site, not a log. */
export const LIVE_VISITORS_LIMIT = 500;

/** Visitors whose last page view is at most 5 minutes before `now` (inclusive), latest first. */
export async function listLiveVisitors(db: Kysely<Database>, now: Date): Promise<LiveVisitor[]> {
  return db
    .selectFrom("rm_live_visitors")
    .select(["lastPage", "userId", "sessionId", "lastVisit"])
    .where("lastVisit", ">=", since(now, LIVE_VISITOR_WINDOW_MS))
    .orderBy("lastVisit", "desc")
    .orderBy("sessionId")
    .limit(LIVE_VISITORS_LIMIT)
    .execute();
}
