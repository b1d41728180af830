import type { Kysely } from "kysely";
import type { Database } from "#adapters/db/schema.ts";
import { listOrdersPageOfUser } from "../shopping/orders.queries.ts";
import type { OrdersPageView, OrderView } from "../shopping/shopping.views.ts";

/** A shopper's order as their dashboard and GET /api/auth/user show it (storefront.md section 3 and more). */
export type UserOrderView = OrderView;

/**
 * Orders in one page of a shopper's list (issue 33): the dashboard's first page and each "Show
 * more", GET /api/orders without `limit`, and GET /api/auth/user. Twenty orders are about 20 KB of
 * JSON, however many the shopper has placed (2,000 made the dashboard 6.45 MB).
 */
export const ORDERS_PAGE_SIZE = 20;

/**
 * The user's newest orders, one page (the checkout page polls GET /api/auth/user for the order it
 * just paid, which is always the newest).
 */
export async function listOrdersOfUser(db: Kysely<Database>, userId: string, now: Date, limit = ORDERS_PAGE_SIZE): Promise<OrdersPageView> {
  return listOrdersPageOfUser(db, userId, { limit }, now);
}
