import type { PromoClaims } from "#domain/promotions/promo-claims.port.ts";
import type { Tx } from "../db/database.ts";
import { verifiedOwnerOf } from "../db/verified-owner.ts";

export function createPromoClaims(trx: Tx): PromoClaims {
  return {
    async addIfNew({ email, mailbox }, discountCodeId, at) {
      // ON CONFLICT DO NOTHING on either key (the address, or its mailbox: promo_claims_mailbox, 0046):
      // a racing claim for the same mailbox waits for the first to commit, then inserts nothing.
      const result = await trx
        .insertInto("promo_claims")
        .values({ email, mailbox, discountCodeId, createdAt: at.toISOString(), userId: verifiedOwnerOf(email) })
        .onConflict((oc) => oc.doNothing())
        .executeTakeFirst();
      return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
    },
  };
}
