import type { Kysely } from "kysely";
import type { Database } from "#adapters/db/schema.ts";
import { NEW_CUSTOMER_WINDOW_MS, since } from "#domain/analytics/analytics-windows.ts";
import { customerCartActivity, userOwnerKey, visitorOwnerKey } from "#domain/analytics/cart-activity.ts";
import { formatCents } from "#domain/shared/money.ts";
import { toCartLine } from "./new-customers.projection.ts";

export interface NewCustomerView {
  userId: string;
  email: string;
  registeredAt: string;
  totalCartValue: string;
  cartActivities: Array<{ productName: string; quantity: number; price: string }>;
}

/** The panel lists at most this many of the last day's customers. */
export const NEW_CUSTOMERS_LIMIT = 200;

/**
 * Customers registered at most 24 hours before `now` (inclusive), newest first, each with what
 * they added to a cart as a user and, before registering, as a guest in the browser they
 * registered from.
 */
export async function listNewCustomers(db: Kysely<Database>, now: Date): Promise<NewCustomerView[]> {
  const customers = await db
    .selectFrom("rm_new_customers")
    .selectAll()
    .where("registeredAt", ">=", since(now, NEW_CUSTOMER_WINDOW_MS))
    .orderBy("registeredAt", "desc")
    .orderBy("userId")
    .limit(NEW_CUSTOMERS_LIMIT)
    .execute();
  if (customers.length === 0) return [];
  const ownerKeysOf = (c: (typeof customers)[number]) => [userOwnerKey(c.userId), ...(c.visitorId ? [visitorOwnerKey(c.visitorId)] : [])];
  const lines = await db.selectFrom("rm_cart_lines").selectAll().where("ownerKey", "in", customers.flatMap(ownerKeysOf)).execute();
  return customers.map((customer) => {
    const keys = new Set(ownerKeysOf(customer));
    const { activities, totalCartValue } = customerCartActivity(lines.filter((l) => keys.has(l.ownerKey)).map(toCartLine));
    return {
      userId: customer.userId,
      email: customer.email,
      registeredAt: customer.registeredAt,
      totalCartValue: formatCents(totalCartValue),
      cartActivities: activities.map((a) => ({ productName: a.productName, quantity: a.quantity, price: formatCents(a.price) })),
    };
  });
}
