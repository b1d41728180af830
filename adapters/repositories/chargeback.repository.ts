import type { Kysely } from "kysely";
import { isFrozen, type AccountFreeze, type Chargeback, type ChargebackKind } from "#domain/risk/chargeback.ts";
import type { BalanceHolds } from "#domain/rewards/balance-holds.port.ts";
import type { Chargebacks } from "#domain/risk/chargebacks.port.ts";
import type { Database } from "../db/schema.ts";
import type { Tx } from "../db/database.ts";

type ChargebackRow = Database["chargebacks"];

export function chargebackFromRow(row: ChargebackRow): Chargeback {
  return {
    orderId: row.orderId,
    kind: row.kind as ChargebackKind,
    userId: row.userId,
    at: new Date(row.at),
    amount: Number(row.amountCents),
    outcome: row.outcome,
    resolvedAt: row.resolvedAt ? new Date(row.resolvedAt) : null,
  };
}

/** The account's freeze row, or null when it was never frozen. */
export async function freezeOf(db: Kysely<Database> | Tx, userId: string): Promise<AccountFreeze | null> {
  const row = await db.selectFrom("account_freezes").selectAll().where("userId", "=", userId).executeTakeFirst();
  if (!row) return null;
  return {
    userId: row.userId,
    frozenAt: new Date(row.frozenAt),
    orderId: row.orderId,
    clearedAt: row.clearedAt ? new Date(row.clearedAt) : null,
    clearedBy: row.clearedBy,
    clearNote: row.clearNote,
  };
}

/** Chargebacks (one row per order and kind) and account freezes (one row per account), migration 0041. */
export function createChargebacks(db: Tx): Chargebacks {
  return {
    async record(c) {
      const inserted = await db
        .insertInto("chargebacks")
        .values({
          orderId: c.orderId,
          kind: c.kind,
          userId: c.userId,
          at: c.at.toISOString(),
          amountCents: c.amount,
          outcome: c.outcome,
          resolvedAt: c.resolvedAt?.toISOString() ?? null,
        })
        .onConflict((oc) => oc.columns(["orderId", "kind"]).doNothing())
        .returning("orderId")
        .executeTakeFirst();
      return inserted !== undefined;
    },
    async resolve(orderId, outcome, at) {
      await db.updateTable("chargebacks").set({ outcome, resolvedAt: at.toISOString() }).where("orderId", "=", orderId).where("kind", "=", "dispute").execute();
    },
    async freeze(userId, orderId, at) {
      const frozenAt = at.toISOString();
      await db
        .insertInto("account_freezes")
        .values({ userId, orderId, frozenAt, clearedAt: null, clearedBy: null, clearNote: null })
        .onConflict((oc) => oc.column("userId").doUpdateSet({ orderId, frozenAt, clearedAt: null, clearedBy: null, clearNote: null }))
        .execute();
    },
    freezeOf: (userId) => freezeOf(db, userId),
    async clear(userId, clearance) {
      const result = await db
        .updateTable("account_freezes")
        .set({ clearedAt: clearance.at.toISOString(), clearedBy: clearance.by, clearNote: clearance.note })
        .where("userId", "=", userId)
        .where("clearedAt", "is", null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },
  };
}

/** The rewards module's view of the freezes: an account is on hold while its freeze is in force. */
export function createBalanceHolds(db: Tx): BalanceHolds {
  return { onHold: async (userId) => isFrozen(await freezeOf(db, userId)) };
}
