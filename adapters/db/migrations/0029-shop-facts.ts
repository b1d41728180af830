import type { Kysely } from "kysely";
import { bumpCatalogueVersionOn, dropCatalogueVersionTriggers } from "../catalogue-version-triggers.ts";
import { createIndexes, createTable, primaryKey, text } from "../migration-kit.ts";

/**
 * What the shop tells a shopper comes from its data or its owner's words (issue 36).
 *
 * - `shop_settings`: what the owner enters in the panel's Settings tab, one JSON document per
 *   section (the announcement and its sale, the support hours, the shop-wide figures with their
 *   sources). The storefront's cached pages show them, so a write bumps `catalogue_version` in the
 *   same transaction, by trigger like the catalogue tables (migration 0012).
 * - `staff_presence`: when each staff member last had the panel's Support or Orders tab open; the
 *   support status counts those seen in the last few minutes. One row per staff member, written at
 *   most once a minute (adapters/repositories/staff-presence.repository.ts).
 * - The support status's median first reply reads the conversations of the last 7 days by their
 *   creation time, and a shopper's place in the queue the open conversations in creation order.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await createTable(db, "shop_settings", { columns: { key: primaryKey("text"), value: text(), updatedAt: text(), updatedBy: text.nullable() } });
  await createTable(db, "staff_presence", {
    columns: { userId: primaryKey("text", { references: "user.id", onDelete: "cascade" }), seenAt: text() },
    indexes: { staff_presence_seen: ["seenAt"] },
  });
  await createIndexes(db, "support_conversations", {
    support_conversations_created: ["createdAt"],
    support_conversations_open: ["status", "createdAt"],
  });
  // The function bump_catalogue_version() exists since migration 0012.
  await bumpCatalogueVersionOn(db, "shop_settings", "bare");
}

export async function down(db: Kysely<any>): Promise<void> {
  await dropCatalogueVersionTriggers(db, "shop_settings");
  await db.schema.dropIndex("support_conversations_open").execute();
  await db.schema.dropIndex("support_conversations_created").execute();
  await db.schema.dropTable("staff_presence").execute();
  await db.schema.dropTable("shop_settings").execute();
}
