import { createHash, randomBytes } from "node:crypto";
import type { Kysely } from "kysely";
import type { StockAlertRepository } from "#domain/stock-alerts/stock-alerts.port.ts";
import type { UnitOfWork } from "#domain/shared/unit-of-work.port.ts";
import type { Database } from "../db/schema.ts";
import { countRecentRequests } from "./recent-requests.ts";
import { createUnitOfWork } from "../db/unit-of-work.ts";

/** The stored form of an unsubscribe token: its SHA-256, so a read of the table unsubscribes nobody. */
export const hashUnsubscribeToken = (token: string) => createHash("sha256").update(token).digest("hex");

/** A fresh single-purpose unsubscribe token (32 random bytes, URL-safe). */
export const newUnsubscribeToken = () => randomBytes(32).toString("base64url");

export function createStockAlertRepository(db: Kysely<Database>): StockAlertRepository {
  return {
    async stockOf(productId) {
      const row = await db.selectFrom("products").select("stock").where("id", "=", productId).executeTakeFirst();
      return row ? row.stock : null;
    },
    countRecent: (sender, since) => countRecentRequests(db, "stock_alerts", sender, since),
    async addUnlessWaiting(alert, clientKey) {
      // The unique index on waiting (product, address) makes a second sign-up change nothing.
      // Until the restock email gives it out, the alert's token is one nobody knows.
      await db
        .insertInto("stock_alerts")
        .values({
          id: alert.id,
          productId: alert.productId,
          email: alert.email,
          status: alert.status,
          createdAt: alert.createdAt,
          notifiedAt: null,
          unsubscribeTokenHash: hashUnsubscribeToken(newUnsubscribeToken()),
          itemRequestId: alert.itemRequestId,
          clientKey,
        })
        .onConflict((oc) => oc.doNothing())
        .execute();
    },
    async recordInStock(productId, units) {
      const at = new Date().toISOString();
      await db.insertInto("restock_events").values({ productId, units, at, processedAt: null }).execute();
    },
    async unsubscribe(token) {
      const row = await db
        .updateTable("stock_alerts")
        .set({ status: "unsubscribed" })
        .where("unsubscribeTokenHash", "=", hashUnsubscribeToken(token))
        .returning("productId")
        .executeTakeFirst();
      return row ?? null;
    },
    async itemRequest(id) {
      return (await db.selectFrom("item_requests").select(["email", "gameId", "itemName"]).where("id", "=", id).executeTakeFirst()) ?? null;
    },
    async linkItemRequest(id, productId) {
      await db.updateTable("item_requests").set({ productId }).where("id", "=", id).execute();
    },
  };
}

/** The stock alerts' storage in one transaction (an item request's link and what follows from it). */
export function createStockAlertsUnitOfWork(db: Kysely<Database>): UnitOfWork<{ alerts: StockAlertRepository }> {
  return createUnitOfWork(db, (trx) => ({ alerts: createStockAlertRepository(trx) }));
}
