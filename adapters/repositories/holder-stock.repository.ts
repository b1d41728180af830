import { sql } from "kysely";
import type { OrderHolders } from "#domain/orders/order-holders.port.ts";
import type { Tx } from "../db/database.ts";

/** The holders' stock inside a transaction whose products' rows are locked (lockProducts). */
export function createOrderHolders(db: Tx): OrderHolders {
  return {
    async holdings(productIds) {
      if (productIds.length === 0) return [];
      const rows = await db
        .selectFrom("holder_stock as s")
        .innerJoin("holders as h", "h.id", "s.holderId")
        .select(["s.holderId", "s.productId", "s.quantity", "h.status"])
        .where("s.productId", "in", [...new Set(productIds)])
        .execute();
      return rows.map((r) => ({ holderId: r.holderId, productId: r.productId, quantity: Number(r.quantity), active: r.status === "active" }));
    },
    async reserve(orderId, { holderId, productId, quantity }) {
      // `quantity >= n` in the decrement itself: a holder never goes below zero, whoever races.
      const taken = await db
        .updateTable("holder_stock")
        .set((eb) => ({ quantity: eb("quantity", "-", quantity) }))
        .where("holderId", "=", holderId)
        .where("productId", "=", productId)
        .where("quantity", ">=", quantity)
        .where((eb) => eb.exists(eb.selectFrom("holders").select("id").where("id", "=", holderId).where("status", "=", "active")))
        .executeTakeFirst();
      if (Number(taken.numUpdatedRows) !== 1) return false;
      await db
        .insertInto("holder_reservations")
        .values({ orderId, holderId, productId, quantity })
        .onConflict((oc) =>
          oc.columns(["orderId", "holderId", "productId"]).doUpdateSet((eb) => ({ quantity: eb("holder_reservations.quantity", "+", quantity) })),
        )
        .execute();
      return true;
    },
    async release(orderId) {
      const rows = await db.selectFrom("holder_reservations").select(["holderId", "productId", "quantity"]).where("orderId", "=", orderId).execute();
      for (const row of rows) {
        await db
          .updateTable("holder_stock")
          .set((eb) => ({ quantity: eb("quantity", "+", row.quantity) }))
          .where("holderId", "=", row.holderId)
          .where("productId", "=", row.productId)
          .where((eb) => eb.exists(eb.selectFrom("holders").select("id").where("id", "=", row.holderId).where("status", "=", "active")))
          .execute();
      }
      await db.deleteFrom("holder_reservations").where("orderId", "=", orderId).execute();
      return rows.map((r) => ({ ...r, quantity: Number(r.quantity) }));
    },
    async recount(productIds) {
      if (productIds.length === 0) return;
      await db
        .updateTable("products")
        .set({
          stock: sql<number>`coalesce((select sum(s."quantity") from "holder_stock" as s inner join "holders" as h on h."id" = s."holderId" where s."productId" = "products"."id" and h."status" = 'active'), 0)`,
        })
        .where("id", "in", [...new Set(productIds)])
        .where((eb) => eb.exists(eb.selectFrom("holder_stock").select("holderId").whereRef("holder_stock.productId", "=", "products.id")))
        .execute();
    },
    async setPhrase(orderId, phrase, at) {
      await db.deleteFrom("delivery_phrases").where("orderId", "=", orderId).execute();
      if (phrase !== null) await db.insertInto("delivery_phrases").values({ orderId, phrase, createdAt: at.toISOString() }).execute();
    },
  };
}
