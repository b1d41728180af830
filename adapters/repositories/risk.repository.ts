import { robloxAccountAgeDays } from "#domain/risk/risk-rules.ts";
import { disposableEmailBlocklistSet } from "disposable-email-domains-js";
import { sql } from "kysely";
import { RISK_STATES, withDefaults, type RiskState } from "#domain/risk/risk-assessment.ts";
import type { Blocklist } from "#domain/risk/blocklist.port.ts";
import type { RiskRepository } from "#domain/risk/risk-repository.port.ts";
import { partyFacts } from "#domain/risk/order-party.ts";
import { dialectOf, type Tx } from "../db/database.ts";
import { disputesOfPayer, openOrderParties, partyHistory, partyOf } from "./order-party.queries.ts";

// The library's isDisposableEmail builds its Set of 8,883 domains again on every call (about 2 ms
// each, twice per paid order, inside the order's transaction): built once here instead.
const DISPOSABLE_DOMAINS = disposableEmailBlocklistSet();
/** The library's isDisposableEmail: the part after the last @, trimmed and lower-cased. */
function isDisposableEmail(email: string): boolean {
  return DISPOSABLE_DOMAINS.has((email.split("@").at(-1) ?? "").trim().toLowerCase());
}

const HOUR = 60 * 60_000;
const DAY = 24 * HOUR;
/** Payments that brought money in (an order awaiting or denied never did). */
const PAID = ["paid", "partially_refunded", "refunded", "reversed"];

/**
 * A username compared lowered, as the indexes orders_roblox_lower and user_roblox_lower hold it
 * (0027: on PostgreSQL in the "C" collation), so each payment's look-ups read the index, not the
 * shop's history.
 */
const lowered = (db: Tx, column: "robloxUsername") =>
  dialectOf(db) === "sqlite" ? sql<string>`lower(${sql.ref(column)})` : sql<string>`(lower(${sql.ref(column)}) collate "C")`;

export function parseReasons(json: string): string[] {
  try {
    const value: unknown = JSON.parse(json);
    return Array.isArray(value) ? value.filter((reason): reason is string => typeof reason === "string") : [];
  } catch {
    return [];
  }
}

/** The stored weights; a damaged value counts as none saved (the defaults apply). */
function parseWeights(json: string): Record<string, number> {
  try {
    const value: unknown = JSON.parse(json);
    return value && typeof value === "object" ? (value as Record<string, number>) : {};
  } catch {
    return {};
  }
}

export function riskState(value: string): RiskState {
  return (RISK_STATES as readonly string[]).includes(value) ? (value as RiskState) : "clear";
}

/**
 * The facts of risk-rules.ts, read in the payment's transaction, and each order's risk. The payer
 * (PayPal's capture answer) and the buyer's address are stored with the order in `order_payers`
 * (recordParty) and read back here; a part the store does not know leaves its rule silent
 * (order-party.ts's partyFacts). Until the owner saves settings, the hold score is RISK_HOLD_SCORE
 * (`defaultHoldScore`).
 */
export function createRiskRepository(db: Tx, blocklist: Blocklist, defaultHoldScore: number): RiskRepository {
  return {
    async factsFor(subject, now) {
      const at = now.getTime();
      const user = await db.selectFrom("user").select(["createdAt", "emailVerified", "email"]).where("id", "=", subject.userId).executeTakeFirst();
      const username = subject.robloxUsername.trim().toLowerCase();
      const history = await db
        .selectFrom("orders")
        .select((eb) => [eb.fn.countAll<number | string>().as("n"), eb.fn.max<number | null>("totalCents").as("largest")])
        .where("userId", "=", subject.userId)
        .where("id", "<>", subject.orderId)
        .where("status", "<>", "cancelled")
        .where("paymentStatus", "in", PAID)
        .executeTakeFirstOrThrow();
      const since = (ms: number) => new Date(at - ms).toISOString();
      const accountSince = async (ms: number) =>
        Number(
          (
            await db
              .selectFrom("orders")
              .select((eb) => eb.fn.countAll<number | string>().as("n"))
              .where("userId", "=", subject.userId)
              .where("createdAt", ">=", since(ms))
              .executeTakeFirstOrThrow()
          ).n,
        );
      const usernameDay = await db
        .selectFrom("orders")
        .select((eb) => eb.fn.countAll<number | string>().as("n"))
        .where(lowered(db, "robloxUsername"), "=", username)
        .where("createdAt", ">=", since(DAY))
        .executeTakeFirstOrThrow();
      const others = new Set<string>();
      for (const row of await db
        .selectFrom("orders")
        .select("userId")
        .distinct()
        .where(lowered(db, "robloxUsername"), "=", username)
        .where("userId", "<>", subject.userId)
        .limit(50)
        .execute())
        others.add(row.userId);
      for (const row of await db
        .selectFrom("user")
        .select("id")
        .where(lowered(db, "robloxUsername"), "=", username)
        .where("id", "<>", subject.userId)
        .limit(50)
        .execute())
        others.add(row.id);
      const disputes = await db
        .selectFrom("orders")
        .select((eb) => eb.fn.countAll<number | string>().as("n"))
        .where("id", "<>", subject.orderId)
        .where((eb) => eb.or([eb("userId", "=", subject.userId), eb(lowered(db, "robloxUsername"), "=", username)]))
        .where((eb) => eb.or([eb("disputeStatus", "is not", null), eb("paymentStatus", "=", "reversed")]))
        .executeTakeFirstOrThrow();
      const party = await partyOf(db, subject.orderId);
      const seen = party ? await partyHistory(db, subject.orderId, party, now) : null;
      const payerDisputes = party?.payerId ? await disputesOfPayer(db, subject.orderId, party.payerId) : 0;
      const emails = [subject.email, user?.email ?? ""].filter((email) => email.includes("@"));
      const parts = { email: subject.email, robloxUsername: subject.robloxUsername, payerId: party?.payerId ?? null, ip: party?.clientIp ?? null };
      const blocked =
        (await blocklist.matches(parts, now)) ||
        (user ? await blocklist.matches({ email: user.email, robloxUsername: null, payerId: null, ip: null }, now) : false);
      return {
        total: subject.total,
        accountAgeHours: user ? Math.max(0, (at - new Date(user.createdAt).getTime()) / HOUR) : 0,
        emailVerified: Boolean(user?.emailVerified),
        previousOrders: Number(history.n),
        largestPreviousTotal: Number(history.largest ?? 0),
        accountOrdersLastHour: await accountSince(HOUR),
        accountOrdersLastDay: await accountSince(DAY),
        usernameOrdersLastDay: Number(usernameDay.n),
        ...partyFacts(party, user?.email ?? subject.email, seen),
        disposableEmail: emails.some(isDisposableEmail),
        usernameOtherAccounts: others.size,
        pastDisputes: Number(disputes.n) + payerDisputes,
        blocklisted: blocked,
        robloxAccountAgeDays: robloxAccountAgeDays(subject.robloxAccountCreatedAt ?? null, now),
        // Known only when Roblox is asked again after payment (recheck-recipients.ts).
        robloxRenamed: null,
      };
    },
    async recordParty(orderId, party) {
      await db
        .insertInto("order_payers")
        .values({
          orderId,
          userId: party.userId,
          payerId: party.payerId,
          payerEmail: party.payerEmail,
          payerCountry: party.payerCountry,
          providerRisk: party.providerRisk ?? null,
          clientIp: party.clientIp,
          createdAt: party.at.toISOString(),
        })
        .onConflict((oc) => oc.column("orderId").doNothing())
        .execute();
    },
    async settings() {
      const row = await db.selectFrom("risk_settings").selectAll().where("id", "=", "default").executeTakeFirst();
      if (!row) return withDefaults(null, defaultHoldScore);
      return withDefaults({ holdScore: row.holdScore, weights: parseWeights(row.weights) });
    },
    async saveSettings(settings, at) {
      const values = { holdScore: settings.holdScore, weights: JSON.stringify(settings.weights), updatedAt: at.toISOString() };
      await db
        .insertInto("risk_settings")
        .values({ id: "default", ...values })
        .onConflict((oc) => oc.column("id").doUpdateSet(values))
        .execute();
    },
    async record(orderId, risk) {
      await db
        .updateTable("orders")
        .set({ riskState: risk.state, riskScore: risk.score, riskReasons: JSON.stringify(risk.reasons) })
        .where("id", "=", orderId)
        .execute();
    },
    async of(orderId) {
      const row = await db.selectFrom("orders").select(["riskState", "riskScore", "riskReasons"]).where("id", "=", orderId).executeTakeFirst();
      return row ? { state: riskState(row.riskState), score: row.riskScore, reasons: parseReasons(row.riskReasons) } : null;
    },
    async isHeld(orderId) {
      const row = await db.selectFrom("orders").select("riskState").where("id", "=", orderId).executeTakeFirst();
      return row?.riskState === "held";
    },
    openOrderParties: () => openOrderParties(db),
    async holdOpen(orderId, from, reason) {
      const row = await db.selectFrom("orders").select("riskReasons").where("id", "=", orderId).executeTakeFirst();
      if (!row) return false;
      const reasons = [...parseReasons(row.riskReasons).filter((r) => r !== reason), reason];
      const result = await db
        .updateTable("orders")
        .set({ riskState: "held", deliveryDueAt: null, riskReasons: JSON.stringify(reasons) })
        .where("id", "=", orderId)
        .where("riskState", "in", [...from])
        .where("deliveryDueAt", "is not", null)
        .where("deliveredAt", "is", null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },
    async decide(orderId, from, to, decision) {
      const result = await db
        .updateTable("orders")
        .set({ riskState: to, riskDecidedAt: decision.at.toISOString(), riskDecidedBy: decision.by, riskNote: decision.note })
        .where("id", "=", orderId)
        .where("riskState", "in", [...from])
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },
  };
}
