import type { Kysely } from "kysely";
import type { StaffPresence } from "#domain/shop-facts/staff-presence.port.ts";
import type { Database } from "../db/schema.ts";

/**
 * One row per staff member. The upsert's condition keeps the writes bounded: a heartbeat within the
 * interval of the last recorded one changes nothing (no row version, no WAL entry on either database).
 */
export function createStaffPresence(db: Kysely<Database>): StaffPresence {
  return {
    async note(userId, at, notBefore) {
      const seenAt = at.toISOString();
      await db
        .insertInto("staff_presence")
        .values({ userId, seenAt })
        .onConflict((oc) => oc.column("userId").doUpdateSet({ seenAt }).where("staff_presence.seenAt", "<", notBefore.toISOString()))
        .execute();
    },
  };
}
