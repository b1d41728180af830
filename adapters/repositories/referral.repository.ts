import type { ReferralRepository } from "#domain/rewards/referral-repository.port.ts";
import type { Tx } from "../db/database.ts";

export function createReferralRepository(db: Tx): ReferralRepository {
  return {
    async add(referral) {
      const row = await db
        .insertInto("referrals")
        .values({
          referredUserId: referral.referredUserId,
          referrerUserId: referral.referrerUserId,
          code: referral.code,
          createdAt: referral.createdAt.toISOString(),
          successfulAt: null,
          firstCompletedOrderId: null,
        })
        .onConflict((oc) => oc.column("referredUserId").doNothing())
        .returning("referredUserId")
        .executeTakeFirst();
      return row !== undefined;
    },
    async markSuccessful(referredUserId, orderId, at) {
      const row = await db
        .updateTable("referrals")
        .set({ successfulAt: at.toISOString(), firstCompletedOrderId: orderId })
        .where("referredUserId", "=", referredUserId)
        .where("successfulAt", "is", null)
        .returning("referrerUserId")
        .executeTakeFirst();
      return row?.referrerUserId ?? null;
    },
  };
}
