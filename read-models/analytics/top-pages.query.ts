import type { Kysely } from "kysely";
import type { Database } from "#adapters/db/schema.ts";

export const TOP_PAGES_DEFAULT_LIMIT = 10;
export const TOP_PAGES_MAX_LIMIT = 100;

/** The most viewed pages, most views first (ties by page, so the order is stable). */
export async function listTopPages(db: Kysely<Database>, limit = TOP_PAGES_DEFAULT_LIMIT): Promise<Array<{ page: string; count: number }>> {
  const rows = await db.selectFrom("rm_top_pages").select(["page", "count"]).orderBy("count", "desc").orderBy("page").limit(limit).execute();
  return rows.map((r) => ({ page: r.page, count: Number(r.count) }));
}
