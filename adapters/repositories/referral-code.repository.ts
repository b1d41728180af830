import type { ReferralCodeRepository } from "#domain/rewards/referral-code-repository.port.ts";
import type { Tx } from "../db/database.ts";

export function createReferralCodeRepository(db: Tx): ReferralCodeRepository {
  return {
    async findByUser(userId) {
      const row = await db.selectFrom("referral_codes").select(["userId", "code", "successfulReferrals"]).where("userId", "=", userId).executeTakeFirst();
      return row ? { ...row, successfulReferrals: Number(row.successfulReferrals) } : null;
    },
    async findOwner(code) {
      const row = await db.selectFrom("referral_codes").select("userId").where("code", "=", code).executeTakeFirst();
      return row?.userId ?? null;
    },
    async add(code, createdAt) {
      // No conflict target: a taken user id and a taken code both mean "not stored".
      const row = await db
        .insertInto("referral_codes")
        .values({ userId: code.userId, code: code.code, successfulReferrals: code.successfulReferrals, createdAt: createdAt.toISOString() })
        .onConflict((oc) => oc.doNothing())
        .returning("userId")
        .executeTakeFirst();
      return row !== undefined;
    },
    async incrementSuccessful(userId) {
      // One statement reads and writes the counter: PostgreSQL queues a concurrent increment behind
      // this row's lock and re-reads, SQLite has one writer; either way each caller gets its own count.
      const row = await db
        .updateTable("referral_codes")
        .set((eb) => ({ successfulReferrals: eb("successfulReferrals", "+", 1) }))
        .where("userId", "=", userId)
        .returning("successfulReferrals")
        .executeTakeFirst();
      if (!row) throw new Error(`user ${userId} has no referral code to count a referral against`);
      return Number(row.successfulReferrals);
    },
  };
}
