import type { Kysely } from "kysely";
import type { Database } from "../db/schema.ts";

/**
 * How many rows a sender added to a table of shoppers' requests (item requests, stock alerts) since
 * `since`: by their address or by their browser's key, so a new address from the same browser, or
 * the same address from another, counts against the same limit.
 */
export async function countRecentRequests(
  db: Kysely<Database>,
  table: "item_requests" | "stock_alerts",
  { email, clientKey }: { email: string; clientKey: string },
  since: string,
): Promise<number> {
  const { count } = await db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number>().as("count"))
    .where("createdAt", ">=", since)
    .where((eb) => eb.or([eb("email", "=", email), eb("clientKey", "=", clientKey)]))
    .executeTakeFirstOrThrow();
  return Number(count);
}
