import type { Kysely } from "kysely";
import type { Database } from "../../adapters/db/schema.ts";

/** A shopper's order as their dashboard and GET /api/auth/user show it (storefront.md section 3). */
export interface UserOrderView {
  id: string;
  status: string;
  total: string;
  createdAt: string;
}

/**
 * The user's orders, newest first. The store takes no orders until checkout exists (issue 4), so
 * until its orders table is created this answers an empty list.
 */
export async function listOrdersOfUser(_db: Kysely<Database>, _userId: string): Promise<UserOrderView[]> {
  return [];
}
