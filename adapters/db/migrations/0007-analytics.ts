import type { Kysely } from "kysely";
import { createTable, integer, primaryKey, text, wideInteger } from "../migration-kit.ts";

// Analytics: the projections' read-model tables (rm_*, rebuilt from the event log by
// `npm run cli -- projections rebuild`), which projection version and settings they were built
// with, and the tracking endpoints' per-visitor rate-limit counters.
export async function up(db: Kysely<any>): Promise<void> {
  await createTable(db, "tracking_rate_limits", { columns: { key: primaryKey("text"), windowStart: text(), count: integer() } });

  await createTable(db, "projection_versions", { columns: { name: primaryKey("text"), version: integer(), settings: text() } });

  // A counter from 0. Counters and sums of cents can outgrow 32 bits on PostgreSQL (wideInteger:
  // bigint there); SQLite integers are 64-bit.
  const counter = () => wideInteger({ default: 0 });
  await createTable(db, "rm_analytics_totals", {
    columns: {
      id: primaryKey("text"),
      orders: counter(),
      revenueCents: counter(),
      users: counter(),
      pageVisits: counter(),
      uniqueVisitors: counter(),
      openSupportConversations: counter(),
      pendingReviews: counter(),
    },
  });

  await createTable(db, "rm_analytics_days", {
    columns: { day: primaryKey("text"), orders: counter(), revenueCents: counter(), newUsers: counter(), pageVisits: counter(), uniqueVisitors: counter() },
  });

  await createTable(db, "rm_analytics_entities", {
    columns: { kind: text(), entityId: text(), day: text.nullable(), status: text.nullable(), amountCents: counter() },
    primaryKey: ["kind", "entityId"],
  });

  await createTable(db, "rm_live_visitors", {
    columns: { sessionId: primaryKey("text"), lastPage: text(), userId: text.nullable(), lastVisit: text() },
    indexes: { rm_live_visitors_lastVisit: ["lastVisit"] },
  });

  await createTable(db, "rm_top_pages", {
    columns: { page: primaryKey("text"), count: counter() },
    indexes: { rm_top_pages_count: ["count", "page"] },
  });

  await createTable(db, "rm_page_visits", {
    columns: {
      id: primaryKey(wideInteger().type),
      page: text(),
      pageTitle: text(),
      referrer: text.nullable(),
      userId: text.nullable(),
      sessionId: text.nullable(),
      createdAt: text(),
    },
  });

  await createTable(db, "rm_new_customers", {
    columns: { userId: primaryKey("text"), email: text(), registeredAt: text(), visitorId: text.nullable() },
    indexes: { rm_new_customers_registeredAt: ["registeredAt"] },
  });

  await createTable(db, "rm_cart_lines", {
    columns: {
      ownerKey: text(),
      productId: text(),
      productName: text(),
      priceCents: wideInteger(),
      cartQuantity: wideInteger(),
      trackerQuantity: wideInteger(),
      lastAddedAt: text(),
    },
    primaryKey: ["ownerKey", "productId"],
  });
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
