import { sql } from "kysely";
import type { BalanceLedger } from "#domain/rewards/balance-ledger.port.ts";
import type { AppendResult, BalanceGuard, LedgerEntry, PointsReason, StoreCreditReason } from "#domain/rewards/ledger.ts";
import type { Tx } from "../db/database.ts";

type Kind = "points" | "storeCredit";

/** The points ledger; the balance is `user.points`. */
export function createPointsLedgerRepository(db: Tx): BalanceLedger<PointsReason> {
  return createBalanceLedger<PointsReason>(db, "points");
}

/** The store credit ledger (cents); the balance is `user.storeCredit`. */
export function createStoreCreditLedgerRepository(db: Tx): BalanceLedger<StoreCreditReason> {
  return createBalanceLedger<StoreCreditReason>(db, "storeCredit");
}

/** `LIKE` pattern matching values that start with `prefix`, with `\` escaping the wildcards. */
export function startsWithPattern(prefix: string): string {
  return `${prefix.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

function createBalanceLedger<Reason extends string>(db: Tx, kind: Kind): BalanceLedger<Reason> {
  // Old accounts may have NULL balances (created before the column had a default): they count as 0.
  const balance = sql<number>`coalesce(${sql.ref(kind)}, 0)`;

  /** Moves the balance by `amount` when the guard holds; answers whether a row changed. */
  async function moveBalance(userId: string, amount: number, guard: BalanceGuard): Promise<boolean> {
    const moved = sql<number>`${balance} + ${amount}`;
    let update = db
      .updateTable("user")
      .set(kind === "points" ? { points: moved } : { storeCredit: moved })
      .where("id", "=", userId);
    if (guard.min !== undefined) update = update.where(sql<boolean>`${balance} + ${amount} >= ${guard.min}`);
    if (guard.max !== undefined) update = update.where(sql<boolean>`${balance} + ${amount} <= ${guard.max}`);
    if (guard.before !== undefined) update = update.where(sql<boolean>`${balance} = ${guard.before}`);
    const result = await update.executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  async function exists(reason: string, reference: string): Promise<boolean> {
    const row =
      kind === "points"
        ? await db.selectFrom("points_ledger").select("id").where("reason", "=", reason).where("reference", "=", reference).executeTakeFirst()
        : await db.selectFrom("store_credit_ledger").select("id").where("reason", "=", reason).where("reference", "=", reference).executeTakeFirst();
    return row !== undefined;
  }

  async function insertEntry(entry: LedgerEntry<Reason>): Promise<boolean> {
    const common = {
      id: entry.id,
      userId: entry.userId,
      reason: entry.reason,
      reference: entry.reference,
      actorId: entry.actorId,
      createdAt: entry.createdAt.toISOString(),
    };
    const inserted =
      kind === "points"
        ? await db
            .insertInto("points_ledger")
            .values({ ...common, amount: entry.amount })
            .onConflict((oc) => oc.columns(["reason", "reference"]).doNothing())
            .returning("id")
            .executeTakeFirst()
        : await db
            .insertInto("store_credit_ledger")
            .values({ ...common, amountCents: entry.amount })
            .onConflict((oc) => oc.columns(["reason", "reference"]).doNothing())
            .returning("id")
            .executeTakeFirst();
    return inserted !== undefined;
  }

  return {
    async append(entry, guard = {}): Promise<AppendResult> {
      if (!Number.isSafeInteger(entry.amount) || entry.amount === 0) throw new Error(`a ledger entry needs a non-zero whole amount, got ${entry.amount}`);
      // A fact recorded before is a duplicate whatever the balance is now (a replayed capture).
      if (await exists(entry.reason, entry.reference)) return "duplicate";
      // The balance moves before the insert: its conditional update is the overdraft check and, on
      // PostgreSQL, the row lock that queues concurrent entries of this user behind each other.
      if (!(await moveBalance(entry.userId, entry.amount, guard))) return "refused";
      if (await insertEntry(entry)) return "recorded";
      // Granted before (or by a concurrent call that committed first): undo our move.
      await moveBalance(entry.userId, -entry.amount, {});
      return "duplicate";
    },

    async balanceOf(userId) {
      const row = await db.selectFrom("user").select(balance.as("balance")).where("id", "=", userId).executeTakeFirst();
      return row ? Number(row.balance) : null;
    },

    async entriesByReferencePrefix(reasons, prefix) {
      if (reasons.length === 0) return [];
      const like = sql<boolean>`${sql.ref("reference")} like ${startsWithPattern(prefix)} escape '\\'`;
      const rows =
        kind === "points"
          ? await db
              .selectFrom("points_ledger")
              .select(["id", "userId", "amount", "reason", "reference", "actorId", "createdAt"])
              .where("reason", "in", [...reasons])
              .where(like)
              .orderBy("createdAt")
              .execute()
          : await db
              .selectFrom("store_credit_ledger")
              .select(["id", "userId", "amountCents as amount", "reason", "reference", "actorId", "createdAt"])
              .where("reason", "in", [...reasons])
              .where(like)
              .orderBy("createdAt")
              .execute();
      return rows.map((row) => ({ ...row, amount: Number(row.amount), reason: row.reason as Reason, createdAt: new Date(row.createdAt) }));
    },
  };
}
