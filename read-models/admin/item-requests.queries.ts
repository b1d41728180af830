import type { Kysely } from "kysely";
import type { Database } from "#adapters/db/schema.ts";
import { boundedCount, type BoundedCount } from "../shared/bounded-count.ts";

export interface ItemRequestView {
  id: string;
  gameId: string;
  gameName: string;
  itemName: string;
  email: string;
  description: string;
  createdAt: string;
  /** The product staff linked it to (its address then waits for that product), or null. */
  productId: string | null;
  productName: string | null;
}

/**
 * One page of item requests, newest first (ties by id: index item_requests_created_id, 0042), with
 * its game's and linked product's names (the client key is never shown).
 */
export async function listItemRequests(db: Kysely<Database>, page: { offset: number; limit: number }): Promise<ItemRequestView[]> {
  return db
    .selectFrom("item_requests as r")
    .innerJoin("games as g", "g.id", "r.gameId")
    .leftJoin("products as p", "p.id", "r.productId")
    .select(["r.id", "r.gameId", "g.name as gameName", "r.itemName", "r.email", "r.description", "r.createdAt", "r.productId", "p.name as productName"])
    .orderBy("r.createdAt", "desc")
    .orderBy("r.id")
    .offset(page.offset)
    .limit(page.limit)
    .execute();
}

/** How many item requests there are, up to the admin lists' count cap. */
export async function countItemRequests(db: Kysely<Database>): Promise<BoundedCount> {
  return boundedCount(db, db.selectFrom("item_requests"));
}
