import type { PromoClaims } from "#domain/promotions/promo-claims.port.ts";
import type { Tx } from "../db/database.ts";
import { verifiedOwnerOf } from "../db/verified-owner.ts";

export function createPromoClaims(trx: Tx): PromoClaims {
  return {
    async addIfNew(email, discountCodeId, at) {
      // ON CONFLICT DO NOTHING: a racing claim for the same address waits for the first to commit, then inserts nothing.
      const result = await trx
        .insertInto("promo_claims")
        .values({ email, discountCodeId, createdAt: at.toISOString(), userId: verifiedOwnerOf(email) })
        .onConflict((oc) => oc.column("email").doNothing())
        .executeTakeFirst();
      return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
    },
  };
}
