import type { Kysely } from "kysely";
import type { ItemRequestRepository } from "#domain/catalogue/item-request-repository.port.ts";
import type { Database } from "../db/schema.ts";
import { countRecentRequests } from "./recent-requests.ts";
import { verifiedOwnerOf } from "../db/verified-owner.ts";

export function createItemRequestRepository(db: Kysely<Database>): ItemRequestRepository {
  return {
    async gameExists(gameId) {
      return (await db.selectFrom("games").select("id").where("id", "=", gameId).executeTakeFirst()) !== undefined;
    },
    countRecent: (sender, since) => countRecentRequests(db, "item_requests", sender, since),
    async add(request, clientKey) {
      await db
        .insertInto("item_requests")
        .values({ ...request, clientKey, userId: verifiedOwnerOf(request.email) })
        .execute();
    },
  };
}
