import type { Kysely } from "kysely";
import type { GuestDataClaims } from "#domain/accounts/guest-data-claims.port.ts";
import type { Database } from "../db/schema.ts";

/** The claim of issue 32 on the store's tables: the claim row and the rows it attaches, one transaction. */
export function createGuestDataClaims(db: Kysely<Database>): GuestDataClaims {
  return {
    claim: (userId, email, at) =>
      db.transaction().execute(async (trx) => {
        // The claim row's key (account, address) makes it once: a second inserter inserts nothing.
        const inserted = await trx
          .insertInto("guest_data_claims")
          .values({ userId, email, claimedAt: at.toISOString() })
          .onConflict((oc) => oc.columns(["userId", "email"]).doNothing())
          .returning("userId")
          .executeTakeFirst();
        if (!inserted) return null;
        const count = (result: { numUpdatedRows: bigint }) => Number(result.numUpdatedRows);
        return {
          conversations: count(
            await trx.updateTable("support_conversations").set({ userId }).where("email", "=", email).where("userId", "is", null).executeTakeFirst(),
          ),
          itemRequests: count(await trx.updateTable("item_requests").set({ userId }).where("email", "=", email).where("userId", "is", null).executeTakeFirst()),
          promoClaims: count(await trx.updateTable("promo_claims").set({ userId }).where("email", "=", email).where("userId", "is", null).executeTakeFirst()),
          mail: count(await trx.updateTable("mail_outbox").set({ userId }).where("recipient", "=", email).where("userId", "is", null).executeTakeFirst()),
        };
      }),
  };
}
