import { lockName } from "../db/transaction-locks.ts";
import type { Tx } from "../db/database.ts";

/**
 * Gives each listed row its index as displayOrder, one small update per row. Callers run it inside
 * their unit of work, so a reorder is applied whole or not at all; lists are an admin's handful of
 * games or categories, or at most a few hundred products.
 */
export async function setDisplayOrders(db: Tx, table: "games" | "categories" | "products", idsInOrder: readonly string[]): Promise<void> {
  // Reorders of one table queue behind each other (PostgreSQL; SQLite has one writer anyway): two
  // admins saving at once get one order or the other, never a mix, and their row updates in
  // different orders cannot deadlock.
  await lockName(db, `display-order:${table}`);
  for (const [index, id] of idsInOrder.entries()) {
    await db.updateTable(table).set({ displayOrder: index }).where("id", "=", id).execute();
  }
}
