import { sql, type Kysely } from "kysely";
import { createTable, integer, primaryKey, text } from "../migration-kit.ts";

/**
 * The Roblox accounts that hold a shop's stock, per game, their stock per product, the units each
 * paid order is reserved on, and the phrase a deliverer says in the game chat.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await createTable(db, "holders", {
    columns: {
      id: primaryKey("text"),
      gameId: text({ references: "games.id", onDelete: "cascade" }),
      // Roblox's spelling of the name and its numeric id (text: ids have outgrown 32 bits).
      robloxUsername: text(),
      robloxUserId: text(),
      robloxDisplayName: text(),
      avatarUrl: text.nullable(),
      note: text.nullable(),
      // active, or lost (banned or stolen: its stock is gone until it is restored).
      status: text({ default: "active", check: sql`"status" in ('active', 'lost')` }),
      lostAt: text.nullable(),
      lostNote: text.nullable(),
      createdAt: text(),
    },
    unique: { holders_game_user: ["gameId", "robloxUserId"] },
    // The Holders list (newest first) and the lost ones the reassignment list starts from.
    indexes: { holders_created: ["createdAt", "id"], holders_status: ["status", "id"] },
  });
  await createTable(db, "holder_stock", {
    columns: {
      holderId: text({ references: "holders.id", onDelete: "cascade" }),
      productId: text({ references: "products.id", onDelete: "cascade" }),
      // Units on the account not yet reserved for a paid order; never below zero, whoever races.
      quantity: integer({ check: sql`"quantity" >= 0` }),
    },
    primaryKey: ["holderId", "productId"],
    // A product's holders, for its stock (the sum over the active ones) and an order's reservation.
    indexes: { holder_stock_product: ["productId", "holderId"] },
  });
  await createTable(db, "holder_reservations", {
    columns: {
      orderId: text({ references: "orders.id", onDelete: "cascade" }),
      holderId: text({ references: "holders.id", onDelete: "cascade" }),
      productId: text(),
      quantity: integer({ check: sql`"quantity" > 0` }),
    },
    primaryKey: ["orderId", "holderId", "productId"],
    // The orders reserved on a lost holder (the reassignment list).
    indexes: { holder_reservations_holder: ["holderId", "orderId"] },
  });
  // Kept apart from the order's row so no export, copy or list of orders can carry it; deleted when the delivery ends.
  await createTable(db, "delivery_phrases", {
    columns: {
      orderId: primaryKey("text", { references: "orders.id", onDelete: "cascade" }),
      phrase: text(),
      createdAt: text(),
    },
  });
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("delivery_phrases").execute();
  await db.schema.dropTable("holder_reservations").execute();
  await db.schema.dropTable("holder_stock").execute();
  await db.schema.dropTable("holders").execute();
}
