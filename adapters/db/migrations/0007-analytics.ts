import { SqliteAdapter, type Kysely } from "kysely";

// Analytics: the projections' read-model tables (rm_*, rebuilt from the event log by
// `npm run cli -- projections rebuild`), which projection version and settings they were built
// with, and the tracking endpoints' per-visitor rate-limit counters.
export async function up(db: Kysely<any>): Promise<void> {
  const sqlite = db.getExecutor().adapter instanceof SqliteAdapter;
  // Counters and sums of cents can outgrow 32 bits on PostgreSQL; SQLite integers are 64-bit.
  const big = sqlite ? "integer" : "bigint";

  await db.schema
    .createTable("tracking_rate_limits")
    .addColumn("key", "text", (c) => c.primaryKey())
    .addColumn("windowStart", "text", (c) => c.notNull())
    .addColumn("count", "integer", (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("projection_versions")
    .addColumn("name", "text", (c) => c.primaryKey())
    .addColumn("version", "integer", (c) => c.notNull())
    .addColumn("settings", "text", (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("rm_analytics_totals")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("orders", big, (c) => c.notNull().defaultTo(0))
    .addColumn("revenueCents", big, (c) => c.notNull().defaultTo(0))
    .addColumn("users", big, (c) => c.notNull().defaultTo(0))
    .addColumn("pageVisits", big, (c) => c.notNull().defaultTo(0))
    .addColumn("uniqueVisitors", big, (c) => c.notNull().defaultTo(0))
    .addColumn("openSupportConversations", big, (c) => c.notNull().defaultTo(0))
    .addColumn("pendingReviews", big, (c) => c.notNull().defaultTo(0))
    .execute();

  await db.schema
    .createTable("rm_analytics_days")
    .addColumn("day", "text", (c) => c.primaryKey())
    .addColumn("orders", big, (c) => c.notNull().defaultTo(0))
    .addColumn("revenueCents", big, (c) => c.notNull().defaultTo(0))
    .addColumn("newUsers", big, (c) => c.notNull().defaultTo(0))
    .addColumn("pageVisits", big, (c) => c.notNull().defaultTo(0))
    .addColumn("uniqueVisitors", big, (c) => c.notNull().defaultTo(0))
    .execute();

  await db.schema
    .createTable("rm_analytics_entities")
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("entityId", "text", (c) => c.notNull())
    .addColumn("day", "text")
    .addColumn("status", "text")
    .addColumn("amountCents", big, (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint("rm_analytics_entities_pk", ["kind", "entityId"])
    .execute();

  await db.schema
    .createTable("rm_live_visitors")
    .addColumn("sessionId", "text", (c) => c.primaryKey())
    .addColumn("lastPage", "text", (c) => c.notNull())
    .addColumn("userId", "text")
    .addColumn("lastVisit", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("rm_live_visitors_lastVisit").on("rm_live_visitors").column("lastVisit").execute();

  await db.schema
    .createTable("rm_top_pages")
    .addColumn("page", "text", (c) => c.primaryKey())
    .addColumn("count", big, (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex("rm_top_pages_count").on("rm_top_pages").columns(["count", "page"]).execute();

  await db.schema
    .createTable("rm_page_visits")
    .addColumn("id", big, (c) => c.primaryKey())
    .addColumn("page", "text", (c) => c.notNull())
    .addColumn("pageTitle", "text", (c) => c.notNull())
    .addColumn("referrer", "text")
    .addColumn("userId", "text")
    .addColumn("sessionId", "text")
    .addColumn("createdAt", "text", (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("rm_new_customers")
    .addColumn("userId", "text", (c) => c.primaryKey())
    .addColumn("email", "text", (c) => c.notNull())
    .addColumn("registeredAt", "text", (c) => c.notNull())
    .addColumn("visitorId", "text")
    .execute();
  await db.schema.createIndex("rm_new_customers_registeredAt").on("rm_new_customers").column("registeredAt").execute();

  await db.schema
    .createTable("rm_cart_lines")
    .addColumn("ownerKey", "text", (c) => c.notNull())
    .addColumn("productId", "text", (c) => c.notNull())
    .addColumn("productName", "text", (c) => c.notNull())
    .addColumn("priceCents", big, (c) => c.notNull())
    .addColumn("cartQuantity", big, (c) => c.notNull())
    .addColumn("trackerQuantity", big, (c) => c.notNull())
    .addColumn("lastAddedAt", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("rm_cart_lines_pk", ["ownerKey", "productId"])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of [
    "rm_cart_lines",
    "rm_new_customers",
    "rm_page_visits",
    "rm_top_pages",
    "rm_live_visitors",
    "rm_analytics_entities",
    "rm_analytics_days",
    "rm_analytics_totals",
    "projection_versions",
    "tracking_rate_limits",
  ]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
