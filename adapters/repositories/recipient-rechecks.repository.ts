import { sql, type Kysely } from "kysely";
import { RECHECKABLE } from "../db/migrations/0056-roblox-rechecks.ts";
import type { RecipientRechecks } from "#domain/risk/recipient-rechecks.port.ts";
import { MAX_RISK_SCORE } from "#domain/risk/risk-assessment.ts";
import type { Database } from "../db/schema.ts";
import { skippingLockedRows } from "../db/transaction-locks.ts";
import { parseReasons } from "./risk.repository.ts";

/**
 * The re-check job's orders (migration 0056), claimed like the late-order job's: one transaction
 * selects the due rows skipping those another process holds (PostgreSQL) and stamps each with the
 * run's claim by a conditional update, so two processes never ask about the same order at once;
 * the answer is written by a second conditional update on that claim, so it is recorded once.
 */
export function createRecipientRechecks(db: Kysely<Database>): RecipientRechecks {
  return {
    async claimDue({ now, retryBefore, limit }) {
      const claimedAt = now.toISOString();
      return db.transaction().execute(async (trx) => {
        // The partial index orders_roblox_recheck holds the open, unflagged orders this reads (its
        // predicate verbatim, literals and all, so SQLite's planner uses it).
        const due = await skippingLockedRows(
          db,
          trx
            .selectFrom("orders")
            .select(["id", "robloxUsername", "robloxUserId", "robloxCheckedAt"])
            .where(sql<boolean>`${sql.raw(RECHECKABLE)}`)
            .where((eb) =>
              eb.or([
                eb.and([eb("robloxVerified", "=", 0), eb.or([eb("robloxCheckedAt", "is", null), eb("robloxCheckedAt", "<", retryBefore.toISOString())])]),
                eb.and([
                  eb("robloxVerified", "=", 1),
                  eb("status", "=", "processing"),
                  eb.or([eb("robloxCheckedAt", "is", null), eb("robloxCheckedAt", "<", eb.ref("deliveryStartedAt"))]),
                ]),
              ]),
            )
            .orderBy("robloxCheckedAt")
            .orderBy("id")
            .limit(limit),
        ).execute();
        const claimed = [];
        for (const row of due) {
          const updated = await trx
            .updateTable("orders")
            .set({ robloxCheckedAt: claimedAt })
            .where("id", "=", row.id)
            .where((eb) => (row.robloxCheckedAt === null ? eb("robloxCheckedAt", "is", null) : eb("robloxCheckedAt", "=", row.robloxCheckedAt)))
            .executeTakeFirst();
          if (Number(updated.numUpdatedRows) !== 1) continue;
          claimed.push({
            orderId: row.id,
            robloxUsername: row.robloxUsername,
            userId: row.robloxUserId === null ? null : Number(row.robloxUserId),
            claimedAt: now,
            previousCheckAt: row.robloxCheckedAt === null ? null : new Date(row.robloxCheckedAt),
          });
        }
        return claimed;
      });
    },
    async record(claim, change, risk) {
      return db.transaction().execute(async (trx) => {
        const row = await trx.selectFrom("orders").select(["riskScore", "riskReasons"]).where("id", "=", claim.orderId).executeTakeFirst();
        if (!row) return false;
        const reasons = parseReasons(row.riskReasons);
        const added = risk.reasons.filter((reason) => !reasons.includes(reason));
        const columns =
          change.kind === "confirmed"
            ? {
                robloxUsername: change.name,
                robloxUserId: String(change.userId),
                robloxDisplayName: change.displayName,
                robloxAvatarUrl: change.avatarUrl,
                robloxAccountCreatedAt: change.created.toISOString(),
                robloxVerified: 1,
              }
            : change.kind === "renamed"
              ? { robloxRenamedTo: change.name }
              : change.kind === "flagged"
                ? { robloxFlag: change.flag }
                : {};
        const updated = await trx
          .updateTable("orders")
          .set({
            ...columns,
            ...(added.length ? { riskScore: Math.min(MAX_RISK_SCORE, row.riskScore + risk.points), riskReasons: JSON.stringify([...reasons, ...added]) } : {}),
          })
          .where("id", "=", claim.orderId)
          .where("robloxCheckedAt", "=", claim.claimedAt.toISOString())
          .where("robloxFlag", "is", null)
          .executeTakeFirst();
        return Number(updated.numUpdatedRows) === 1;
      });
    },
    async release(claim) {
      await db
        .updateTable("orders")
        .set({ robloxCheckedAt: claim.previousCheckAt?.toISOString() ?? null })
        .where("id", "=", claim.orderId)
        .where("robloxCheckedAt", "=", claim.claimedAt.toISOString())
        .execute();
    },
  };
}
