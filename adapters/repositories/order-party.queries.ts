import type { OrderParty, PartyHistory } from "#domain/risk/order-party.ts";
import type { Tx } from "../db/database.ts";

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
