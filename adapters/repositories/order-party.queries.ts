import { sql } from "kysely";
import type { Party } from "#domain/risk/blocklist.ts";
import type { OrderParty, PartyHistory } from "#domain/risk/order-party.ts";
import type { Tx } from "../db/database.ts";
import { OPEN_DELIVERIES } from "../db/migrations/0027-list-indexes.ts";

const HOUR = 60 * 60_000;
const DAY = 24 * HOUR;
/** Enough to know "more than one"; a look-up never reads a payer's or an address's whole history. */
const CAP = 50;

/** The stored payer and address of an order (migration 0034), null when none was stored. */
export async function partyOf(db: Tx, orderId: string): Promise<OrderParty | null> {
  const row = await db.selectFrom("order_payers").selectAll().where("orderId", "=", orderId).executeTakeFirst();
  if (!row) return null;
  return {
    userId: row.userId,
    payerId: row.payerId,
    payerEmail: row.payerEmail,
    payerCountry: row.payerCountry,
    providerRisk: row.providerRisk,
    clientIp: row.clientIp,
    at: new Date(row.createdAt),
  };
}

/**
 * What the payer rules compare this order's party with, each read through an index of 0034:
 * the account's payers of the last day and its earlier payers' countries, the payer's other
 * accounts, and the orders from the address in the last hour.
 */
export async function partyHistory(db: Tx, orderId: string, party: OrderParty, now: Date): Promise<PartyHistory> {
  const since = (ms: number) => new Date(now.getTime() - ms).toISOString();
  const payers = await db
    .selectFrom("order_payers")
    .select("payerId")
    .distinct()
    .where("userId", "=", party.userId)
    .where("createdAt", ">=", since(DAY))
    .where("payerId", "is not", null)
    .limit(CAP)
    .execute();
  const countries = await db
    .selectFrom("order_payers")
    .select("payerCountry")
    .distinct()
    .where("userId", "=", party.userId)
    .where("orderId", "<>", orderId)
    .where("payerCountry", "is not", null)
    .limit(CAP)
    .execute();
  const otherAccounts = party.payerId
    ? await db
        .selectFrom("order_payers")
        .select("userId")
        .distinct()
        .where("payerId", "=", party.payerId)
        .where("userId", "<>", party.userId)
        .limit(CAP)
        .execute()
    : [];
  const address = party.clientIp
    ? await db
        .selectFrom("order_payers")
        .select((eb) => eb.fn.countAll<number | string>().as("n"))
        .where("clientIp", "=", party.clientIp)
        .where("createdAt", ">=", since(HOUR))
        .executeTakeFirstOrThrow()
    : { n: 0 };
  return {
    accountPayersLastDay: payers.length,
    earlierCountries: countries.map((row) => row.payerCountry).filter((country): country is string => country !== null),
    payerOtherAccounts: otherAccounts.length,
    addressOrdersLastHour: Number(address.n),
  };
}

/** Disputes or reversals on earlier orders this payer paid, whichever account placed them. */
export async function disputesOfPayer(db: Tx, orderId: string, payerId: string): Promise<number> {
  const row = await db
    .selectFrom("order_payers")
    .innerJoin("orders", "orders.id", "order_payers.orderId")
    .select((eb) => eb.fn.countAll<number | string>().as("n"))
    .where("order_payers.payerId", "=", payerId)
    .where("order_payers.orderId", "<>", orderId)
    .where((eb) => eb.or([eb("orders.disputeStatus", "is not", null), eb("orders.paymentStatus", "=", "reversed")]))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Enough open orders for one blocklist entry to reach; a shop never has more undelivered at once. */
const OPEN_CAP = 2000;

/**
 * The open orders (paid, not delivered, on the delivery clock: OPEN_DELIVERIES of 0027, read through
 * its partial index) with who placed and paid them, for a new blocklist entry to find its party's.
 */
export async function openOrderParties(db: Tx): Promise<{ orderId: string; party: Party }[]> {
  const open = await db
    .selectFrom("orders")
    .select(["id", "userId", "email", "robloxUsername"])
    .where(sql<boolean>`${sql.raw(OPEN_DELIVERIES)}`)
    .where("riskState", "in", ["clear", "approved"])
    .limit(OPEN_CAP)
    .execute();
  if (open.length === 0) return [];
  const ids = open.map((o) => o.id);
  const payers = new Map((await db.selectFrom("order_payers").selectAll().where("orderId", "in", ids).execute()).map((p) => [p.orderId, p]));
  const userIds = [...new Set(open.map((o) => o.userId))];
  const accounts = new Map((await db.selectFrom("user").select(["id", "email"]).where("id", "in", userIds).execute()).map((u) => [u.id, u.email]));
  const parties: { orderId: string; party: Party }[] = [];
  for (const order of open) {
    const paid = payers.get(order.id);
    const base = { robloxUsername: order.robloxUsername, payerId: paid?.payerId ?? null, ip: paid?.clientIp ?? null };
    parties.push({ orderId: order.id, party: { ...base, email: order.email } });
    const account = accounts.get(order.userId);
    if (account && account.toLowerCase() !== order.email.toLowerCase()) parties.push({ orderId: order.id, party: { ...base, email: account } });
  }
  return parties;
}
