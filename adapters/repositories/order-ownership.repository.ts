import type { Kysely } from "kysely";
import type { OrderOwnership } from "#domain/support/order-ownership.port.ts";
import type { Database } from "../db/schema.ts";

/**
 * The only columns of the orders module's `orders` table this adapter relies on. Typed here
 * rather than in db/schema.ts because that table is created by the orders module's migration;
 * any database with that table (id text, userId text) satisfies it.
 */
interface OrdersOwnershipView {
  orders: { id: string; userId: string | null };
}

export function createOrderOwnership(db: Kysely<Database>): OrderOwnership {
  const orders = db as unknown as Kysely<OrdersOwnershipView>;
  return {
    async ownerOf(orderId) {
      const row = await orders.selectFrom("orders").select("userId").where("id", "=", orderId).executeTakeFirst();
      return row === undefined ? undefined : (row.userId ?? null);
    },
  };
}
