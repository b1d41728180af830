import type { Kysely } from "kysely";
import type { Database } from "#adapters/db/schema.ts";
import { chargebackFromRow } from "#adapters/repositories/chargeback.repository.ts";
import { chargebackMonths, chargebackResult } from "#domain/risk/chargeback.ts";
import type { ChargebackReportView } from "./chargebacks.views.ts";

/** How many months the Risk view's list covers, this one included. */
export const CHARGEBACK_MONTHS = 12;
/** At most this many chargebacks are read for the months' figures (a shop has a handful a month). */
const MONTHS_READ_CAP = 5000;

/** The first instant of the month `count - 1` months before `now`'s, UTC. */
export function monthsSince(now: Date, count: number): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - (count - 1), 1));
}

/**
 * The Risk view's chargeback memory (issue 37): disputes and reversals per month over the last
 * CHARGEBACK_MONTHS months with their outcome and the money lost, a page of them, and the accounts on
 * hold. Every read is a range of an index of 0041 (`chargebacks_at`, `account_freezes_open`).
 */
export async function chargebackReport(db: Kysely<Database>, page: { now: Date; limit: number; offset: number }): Promise<ChargebackReportView> {
  const since = monthsSince(page.now, CHARGEBACK_MONTHS).toISOString();
  const rows = await db
    .selectFrom("chargebacks")
    .selectAll()
    .where("at", ">=", since)
    .orderBy("at", "desc")
    .orderBy("orderId", "desc")
    .limit(MONTHS_READ_CAP)
    .execute();
  const all = rows.map(chargebackFromRow);
  const shown = all.slice(page.offset, page.offset + page.limit);
  const emails = await emailsOf(
    db,
    shown.map((c) => c.userId),
  );
  const frozen = await db
    .selectFrom("account_freezes")
    .leftJoin("user", "user.id", "account_freezes.userId")
    .select(["account_freezes.userId", "account_freezes.frozenAt", "account_freezes.orderId", "user.email"])
    .where("account_freezes.clearedAt", "is", null)
    .orderBy("account_freezes.frozenAt", "desc")
    .limit(100)
    .execute();
  return {
    months: chargebackMonths(all),
    chargebacks: shown.map((c) => ({
      orderId: c.orderId,
      kind: c.kind,
      email: emails.get(c.userId) ?? null,
      at: c.at.toISOString(),
      amountCents: c.amount,
      outcome: c.outcome,
      result: chargebackResult(c),
    })),
    total: all.length,
    frozen: frozen.map((f) => ({ userId: f.userId, email: f.email ?? null, frozenAt: f.frozenAt, orderId: f.orderId })),
  };
}

async function emailsOf(db: Kysely<Database>, userIds: string[]): Promise<Map<string, string>> {
  if (userIds.length === 0) return new Map();
  const users = await db
    .selectFrom("user")
    .select(["id", "email"])
    .where("id", "in", [...new Set(userIds)])
    .execute();
  return new Map(users.map((u) => [u.id, u.email]));
}
