import type { Kysely } from "kysely";
import type { Database } from "../../adapters/db/schema.ts";
import { formatCents } from "../../domain/shared/money.ts";
import type { OrderView } from "./shopping.views.ts";

export type { OrderView };


/**
 * Orders newest first, all of them or one user's, with their items as paid. `limit` keeps an
 * administrator's list bounded; the shopper's own list is small.
 */
export async function listOrders(db: Kysely<Database>, filter: { userId?: string; limit?: number } = {}): Promise<OrderView[]> {
  let query = db
    .selectFrom("orders")
    .select(["id", "userId", "status", "robloxUsername", "email", "subtotalCents", "discountCode", "discountCents", "totalCents", "creditAppliedCents", "createdAt"])
    .orderBy("createdAt", "desc")
    .orderBy("id", "desc");
  if (filter.userId !== undefined) query = query.where("userId", "=", filter.userId);
  if (filter.limit !== undefined) query = query.limit(filter.limit);
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

/** One order, or null. */
export async function findOrder(db: Kysely<Database>, orderId: string): Promise<OrderView | null> {
  const row = await db.selectFrom("orders").select("userId").where("id", "=", orderId).executeTakeFirst();
  if (!row) return null;
  return (await listOrders(db, { userId: row.userId })).find((order) => order.id === orderId) ?? null;
}
