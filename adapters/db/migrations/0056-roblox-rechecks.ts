import { sql, type Kysely } from "kysely";
import { addColumns, text } from "../migration-kit.ts";

/**
 * The recipient asked again after payment: a name that went through "not checked" (Roblox was
 * down at checkout) until Roblox answers, and a checked account once more when its delivery starts.
 * `robloxCheckedAt` is when the job last asked (also its claim: a run takes an order only when it
 * is older than the retry interval); `robloxFlag` what staff must look at before delivering
 * ("not_found", "banned"); `robloxRenamedTo` the name the user id has now, when it is not the
 * order's.
 */
/** The orders the re-check job may take: open and unflagged (the index's predicate, used verbatim by the job's query). */
export const RECHECKABLE = `"robloxFlag" is null and "deliveredAt" is null and "paidAt" is not null and "status" in ('pending', 'processing')`;

export async function up(db: Kysely<any>): Promise<void> {
  await addColumns(db, "orders", { robloxCheckedAt: text.nullable(), robloxFlag: text.nullable(), robloxRenamedTo: text.nullable() });
  // The re-check job's queue (recipient-rechecks.repository.ts): open, unflagged orders only, so
  // the index stays the size of the undelivered orders, not of the shop's history.
  await sql`create index orders_roblox_recheck on orders ("robloxCheckedAt") where ${sql.raw(RECHECKABLE)}`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex("orders_roblox_recheck").execute();
  for (const column of ["robloxRenamedTo", "robloxFlag", "robloxCheckedAt"]) await db.schema.alterTable("orders").dropColumn(column).execute();
}
