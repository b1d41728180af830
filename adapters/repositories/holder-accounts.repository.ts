import { sql, type Selectable } from "kysely";
import { OPEN_DELIVERIES } from "../db/migrations/0027-list-indexes.ts";
import type { HolderAccounts } from "#domain/holders/holder-accounts.port.ts";
import type { Holder } from "#domain/holders/holder.ts";
import type { Tx } from "../db/database.ts";
import { isUniqueViolation } from "../db/constraint-errors.ts";
import type { HoldersTable } from "../db/schema.ts";

export function holderOf(row: Selectable<HoldersTable>): Holder {
  return {
    id: row.id,
    gameId: row.gameId,
    robloxUsername: row.robloxUsername,
    robloxUserId: row.robloxUserId,
    robloxDisplayName: row.robloxDisplayName,
    avatarUrl: row.avatarUrl,
    note: row.note,
    status: row.status === "lost" ? "lost" : "active",
    lostAt: row.lostAt === null ? null : new Date(row.lostAt),
    lostNote: row.lostNote,
    createdAt: new Date(row.createdAt),
  };
}

export function createHolderAccounts(db: Tx): HolderAccounts {
  return {
    async add(holder) {
      try {
        await db
          .insertInto("holders")
          .values({
            id: holder.id,
            gameId: holder.gameId,
            robloxUsername: holder.robloxUsername,
            robloxUserId: holder.robloxUserId,
            robloxDisplayName: holder.robloxDisplayName,
            avatarUrl: holder.avatarUrl,
            note: holder.note,
            status: holder.status,
            lostAt: null,
            lostNote: null,
            createdAt: holder.createdAt.toISOString(),
          })
          .execute();
        return true;
      } catch (error) {
        if (isUniqueViolation(error)) return false;
        throw error;
      }
    },
    async byId(holderId) {
      const row = await db.selectFrom("holders").selectAll().where("id", "=", holderId).executeTakeFirst();
      return row ? holderOf(row) : null;
    },
    async stockOf(holderId) {
      const rows = await db.selectFrom("holder_stock").select(["productId", "quantity"]).where("holderId", "=", holderId).orderBy("productId").execute();
      return rows.map((r) => ({ productId: r.productId, quantity: Number(r.quantity) }));
    },
    async setQuantity(holderId, productId, quantity) {
      await db
        .insertInto("holder_stock")
        .values({ holderId, productId, quantity })
        .onConflict((oc) => oc.columns(["holderId", "productId"]).doUpdateSet({ quantity }))
        .execute();
    },
    async setStatus(holderId, status, lost) {
      await db
        .updateTable("holders")
        .set({ status, lostAt: lost?.at.toISOString() ?? null, lostNote: lost?.note ?? null })
        .where("id", "=", holderId)
        .execute();
    },
    async gameOfProduct(productId) {
      const row = await db.selectFrom("products").select("gameId").where("id", "=", productId).executeTakeFirst();
      return row?.gameId ?? null;
    },
    async gameExists(gameId) {
      return (await db.selectFrom("games").select("id").where("id", "=", gameId).executeTakeFirst()) !== undefined;
    },
    async openOrdersOn(holderId) {
      // The open deliveries' predicate verbatim (orders_delivery_open, 0027), on the orders' own rows.
      const rows = await db
        .selectFrom("holder_reservations")
        .select("orderId")
        .distinct()
        .where("holderId", "=", holderId)
        .where(
          "orderId",
          "in",
          db
            .selectFrom("orders")
            .select("id")
            .where(sql<boolean>`${sql.raw(OPEN_DELIVERIES)}`),
        )
        .orderBy("orderId")
        .execute();
      return rows.map((r) => r.orderId);
    },
  };
}
