import type { Kysely } from "kysely";
import { addColumns, createIndexes, integer, text } from "../migration-kit.ts";

/**
 * A prepared checkout remembers where its hold stands in the shopper's run of holds, so that a new
 * prepare cannot restart the clock without limit (domain/checkout/hold-policy.ts). Rows from before
 * read holdStartedAt null as "started when the checkout was created".
 */
export async function up(db: Kysely<any>): Promise<void> {
  await addColumns(db, "checkouts", { holdStartedAt: text.nullable(), holdRenewals: integer({ default: 0 }) });
  await createIndexes(db, "checkouts", { checkouts_user_created: ["userId", "createdAt"] });
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex("checkouts_user_created").execute();
  await db.schema.alterTable("checkouts").dropColumn("holdRenewals").execute();
  await db.schema.alterTable("checkouts").dropColumn("holdStartedAt").execute();
}
