import type { Kysely } from "kysely";
import type { ItemRequestRepository } from "#domain/catalogue/item-request-repository.port.ts";
import type { Database } from "../db/schema.ts";
import { verifiedOwnerOf } from "../db/verified-owner.ts";

export function createItemRequestRepository(db: Kysely<Database>): ItemRequestRepository {
  return {
    async gameExists(gameId) {
      return (await db.selectFrom("games").select("id").where("id", "=", gameId).executeTakeFirst()) !== undefined;
    },
    async countRecent({ email, clientKey }, since) {
      const { count } = await db
        .selectFrom("item_requests")
        .select((eb) => eb.fn.countAll<number>().as("count"))
        .where("createdAt", ">=", since)
        .where((eb) => eb.or([eb("email", "=", email), eb("clientKey", "=", clientKey)]))
        .executeTakeFirstOrThrow();
      return Number(count);
    },
    async add(request, clientKey) {
      await db
        .insertInto("item_requests")
        .values({ ...request, clientKey, userId: verifiedOwnerOf(request.email) })
        .execute();
    },
  };
}
