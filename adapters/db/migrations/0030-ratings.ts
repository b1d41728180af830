import { sql, SqliteAdapter, type Kysely } from "kysely";

/**
 * Ratings from buyers (issue 36): a shopper rates a delivered order once per product bought, and
 * staff publish, hide or answer it. The unique (orderId, productId) is what makes "once" hold when
 * two requests race. Each index answers one query of read-models/ (tests/integration/query-plans.test.ts):
 * a product's published ratings newest first and their average (product page, GET
 * /api/products/{id}/ratings), the shop-wide figure (published), and the Reviews tab's list by status.
 *
 * A rating's publication changes what the cached product pages show, so its writes bump
 * catalogue_version like the content tables do (0018): by trigger, so no write path can forget it.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("ratings")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("orderId", "text", (c) => c.notNull().references("orders.id").onDelete("cascade"))
    .addColumn("productId", "text", (c) => c.notNull())
    .addColumn("userId", "text", (c) => c.notNull())
    .addColumn("stars", "integer", (c) => c.notNull().check(sql`"stars" between 1 and 5`))
    .addColumn("comment", "text")
    .addColumn("status", "text", (c) => c.notNull().check(sql`"status" in ('pending', 'published', 'hidden')`))
    .addColumn("reply", "text")
    .addColumn("createdAt", "text", (c) => c.notNull())
    .addColumn("moderatedAt", "text")
    .addColumn("moderatedBy", "text")
    .addUniqueConstraint("ratings_order_product_unique", ["orderId", "productId"])
    .execute();
  await db.schema.createIndex("ratings_product_status_created").on("ratings").columns(["productId", "status", "createdAt", "id"]).execute();
  await db.schema.createIndex("ratings_status_created").on("ratings").columns(["status", "createdAt", "id"]).execute();
  // A person's own ratings: their data export, and the erasure of their account.
  await db.schema.createIndex("ratings_user").on("ratings").column("userId").execute();
  // The shop-wide figure reads stars of published ratings only: a covering index.
  await db.schema.createIndex("ratings_status_stars").on("ratings").columns(["status", "stars"]).execute();

  if (!(db.getExecutor().adapter instanceof SqliteAdapter)) {
    await sql`create constraint trigger ratings_bumps_catalogue_version after insert or update or delete on ratings
      deferrable initially deferred for each row execute function bump_catalogue_version()`.execute(db);
    return;
  }
  for (const event of ["insert", "update", "delete"] as const) {
    await sql`create trigger ${sql.id(`ratings_${event}_bumps_catalogue_version`)} after ${sql.raw(event)} on ratings
      begin update catalogue_version set version = version + 1 where id = 1; end`.execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("ratings").ifExists().execute();
}
