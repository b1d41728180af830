import { sql, type Kysely } from "kysely";
import type { Database } from "../../adapters/db/schema.ts";
import { formatCents } from "../../domain/shared/money.ts";
import type { OrderView } from "./shopping.views.ts";

export type { OrderView };


/**
 * Orders newest first, all of them or one user's, with their items as paid. `limit` keeps an
 * administrator's list bounded; the shopper's own list is small.
 */
export async function listOrders(
  db: Kysely<Database>,
  filter: { userId?: string; limit?: number; offset?: number; search?: string | undefined; status?: string | undefined } = {},
): Promise<OrderView[]> {
  let query = searchOrders(db, filter.search, filter.status)
    .select(["id", "userId", "status", "robloxUsername", "email", "subtotalCents", "discountCode", "discountCents", "totalCents", "creditAppliedCents", "createdAt"])
    .orderBy("createdAt", "desc")
    .orderBy("id", "desc");
  if (filter.userId !== undefined) query = query.where("userId", "=", filter.userId);
  if (filter.limit !== undefined) query = query.limit(filter.limit);
  if (filter.offset) query = query.offset(filter.offset);
  const orders = await query.execute();
  if (orders.length === 0) return [];
  const items = await db
    .selectFrom("order_items")
    .select(["orderId", "productId", "productName", "unitPriceCents", "quantity"])
    .where("orderId", "in", orders.map((o) => o.id))
    .orderBy("productName")
    .execute();
  return orders.map(({ subtotalCents, discountCents, totalCents, creditAppliedCents, ...order }) => ({
    ...order,
    subtotal: formatCents(subtotalCents),
    discount: formatCents(discountCents),
    total: formatCents(totalCents),
    creditApplied: formatCents(creditAppliedCents),
    items: items
      .filter((item) => item.orderId === order.id)
      .map((item) => ({ productId: item.productId, productName: item.productName, price: formatCents(item.unitPriceCents), quantity: item.quantity })),
  }));
}

/** How many orders the admin list's search and status filter find (all orders for neither). */
export async function countOrders(db: Kysely<Database>, search?: string, status?: string): Promise<number> {
  const row = await searchOrders(db, search, status).select((eb) => eb.fn.countAll<number | string>().as("n")).executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * Orders whose id, email or Roblox username contains the text, case-insensitively (the admin's
 * search; blank: every order). Portable SQL: lower() and LIKE ... ESCAPE.
 */
function searchOrders(db: Kysely<Database>, search: string | undefined, status?: string) {
  const text = search?.trim() ?? "";
  const query = status === undefined ? db.selectFrom("orders") : db.selectFrom("orders").where("status", "=", status);
  if (text === "") return query;
  const pattern = `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const like = (column: "id" | "email" | "robloxUsername") => sql<boolean>`lower(${sql.ref(column)}) like ${pattern} escape '\\'`;
  return query.where((eb) => eb.or([like("id"), like("email"), like("robloxUsername")]));
}

/** One order, or null. */
export async function findOrder(db: Kysely<Database>, orderId: string): Promise<OrderView | null> {
  const row = await db.selectFrom("orders").select("userId").where("id", "=", orderId).executeTakeFirst();
  if (!row) return null;
  return (await listOrders(db, { userId: row.userId })).find((order) => order.id === orderId) ?? null;
}
