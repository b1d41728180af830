import type { Kysely } from "kysely";

/**
 * A prepared checkout remembers where its hold stands in the shopper's run of holds, so that a new
 * prepare cannot restart the clock without limit (domain/ordering/hold-policy.ts). Rows from before
 * read holdStartedAt null as "started when the checkout was created".
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("checkouts").addColumn("holdStartedAt", "text").execute();
  await db.schema
    .alterTable("checkouts")
    .addColumn("holdRenewals", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex("checkouts_user_created").on("checkouts").columns(["userId", "createdAt"]).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex("checkouts_user_created").execute();
  await db.schema.alterTable("checkouts").dropColumn("holdRenewals").execute();
  await db.schema.alterTable("checkouts").dropColumn("holdStartedAt").execute();
}
