import type { Kysely } from "kysely";
import type { Database } from "#adapters/db/schema.ts";
import { listOrders, type OrderView } from "../shopping/orders.queries.ts";

/** A shopper's order as their dashboard and GET /api/auth/user show it (storefront.md section 3 and more). */
export type UserOrderView = OrderView;

/** The user's orders, newest first (the checkout page polls this list for the order it just paid). */
export async function listOrdersOfUser(db: Kysely<Database>, userId: string, now?: Date): Promise<UserOrderView[]> {
  return listOrders(db, { userId, ...(now ? { now } : {}) });
}
