import type { Kysely } from "kysely";
import type { Database } from "#adapters/db/schema.ts";
import { PAGE_VISITS_KEPT } from "./page-visits.projection.ts";

export const PAGE_VISITS_DEFAULT_LIMIT = 50;
export const PAGE_VISITS_MAX_LIMIT = PAGE_VISITS_KEPT;

export interface PageVisitView {
  id: number;
  page: string;
  pageTitle: string;
  referrer: string | null;
  userId: string | null;
  sessionId: string | null;
  createdAt: string;
}

/** The most recent page visits, newest first. */
export async function listRecentPageVisits(db: Kysely<Database>, limit = PAGE_VISITS_DEFAULT_LIMIT): Promise<PageVisitView[]> {
  const rows = await db.selectFrom("rm_page_visits").selectAll().orderBy("id", "desc").limit(limit).execute();
  return rows.map((r) => ({ ...r, id: Number(r.id) }));
}
