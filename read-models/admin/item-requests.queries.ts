import type { Kysely } from "kysely";
import type { Database } from "#adapters/db/schema.ts";

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

/** Every item request, newest first, with its game's name (the client key is never shown). */
export async function listItemRequests(db: Kysely<Database>): Promise<ItemRequestView[]> {
  return db
    .selectFrom("item_requests as r")
    .innerJoin("games as g", "g.id", "r.gameId")
    .leftJoin("products as p", "p.id", "r.productId")
    .select(["r.id", "r.gameId", "g.name as gameName", "r.itemName", "r.email", "r.description", "r.createdAt", "r.productId", "p.name as productName"])
    .orderBy("r.createdAt", "desc")
    .orderBy("r.id")
    .execute();
}
