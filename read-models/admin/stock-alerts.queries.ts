import type { Kysely } from "kysely";
import type { Database } from "#adapters/db/schema.ts";
import type { StockAlertView } from "./stock-alerts.views.ts";

/**
 * One page of stock alerts, newest first (index stock_alerts_created; with a status, the newest of
 * that status), with the product's name. The unsubscribe token's hash and the client key are never read.
 */
export async function listStockAlerts(
  db: Kysely<Database>,
  options: { status?: StockAlertView["status"] | undefined; offset: number; limit: number },
): Promise<StockAlertView[]> {
  let query = db
    .selectFrom("stock_alerts as a")
    .innerJoin("products as p", "p.id", "a.productId")
    .select(["a.id", "a.productId", "p.name as productName", "a.email", "a.status", "a.createdAt", "a.notifiedAt", "a.itemRequestId"])
    .orderBy("a.createdAt", "desc")
    .orderBy("a.id", "desc")
    .offset(options.offset)
    .limit(options.limit);
  if (options.status) query = query.where("a.status", "=", options.status);
  return (await query.execute()) as StockAlertView[];
}

/** How many alerts the list's filter finds. */
export async function countStockAlerts(db: Kysely<Database>, status?: StockAlertView["status"]): Promise<number> {
  let query = db.selectFrom("stock_alerts").select((eb) => eb.fn.countAll<number>().as("count"));
  if (status) query = query.where("status", "=", status);
  return Number((await query.executeTakeFirstOrThrow()).count);
}
