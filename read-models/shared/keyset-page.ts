import { sql, type SelectQueryBuilder } from "kysely";

/** Where the previous page ended: its last row's creation time and id. */
export interface KeysetCursor {
  createdAt: string;
  id: string;
}

/**
 * A person's own history newest first, one page after `cursor` (the first page without one):
 * ordered by (createdAt, id) so that rows created in the same instant never repeat or vanish across
 * pages, and one row more than the page, which says whether another follows without a count. The
 * table needs an index on (its owner, createdAt, id); the caller looks the cursor up among that
 * person's rows only, so another's id answers an empty page.
 */
export function newestFirstAfter<DB, TB extends keyof DB, O>(
  query: SelectQueryBuilder<DB, TB, O>,
  cursor: KeysetCursor | null,
  limit: number,
): SelectQueryBuilder<DB, TB, O> {
  const createdAt = sql.ref("createdAt");
  const id = sql.ref("id");
  const after = cursor
    ? query.where(sql<boolean>`(${createdAt} < ${cursor.createdAt} or (${createdAt} = ${cursor.createdAt} and ${id} < ${cursor.id}))`)
    : query;
  return after
    .orderBy(sql`${createdAt} desc`)
    .orderBy(sql`${id} desc`)
    .limit(limit + 1);
}

/** The rows of the page asked for, and the cursor of the next page (null on the last). */
export function keysetPage<T extends { id: string }>(rows: T[], limit: number): { shown: T[]; nextCursor: string | null } {
  const shown = rows.slice(0, limit);
  return { shown, nextCursor: rows.length > limit ? shown.at(-1)!.id : null };
}
