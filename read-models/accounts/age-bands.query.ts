import type { Kysely } from "kysely";
import { ageBand, type AgeBand } from "#domain/accounts/age.ts";
import type { Database } from "#adapters/db/schema.ts";

/**
 * What staff see of these accounts' ages: the band (under 18, adult, unknown), never
 * the date. One indexed read of the page's accounts; an erased account's id finds none: unknown.
 */
export async function ageBandsOf(db: Kysely<Database>, userIds: readonly string[], now: Date): Promise<Map<string, AgeBand>> {
  const ids = [...new Set(userIds)];
  const rows = ids.length === 0 ? [] : await db.selectFrom("user").select(["id", "birthDate"]).where("id", "in", ids).execute();
  const bands = new Map<string, AgeBand>(ids.map((id) => [id, "unknown"]));
  for (const row of rows) bands.set(row.id, ageBand(row.birthDate, now));
  return bands;
}
