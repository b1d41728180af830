import { sql, SqliteAdapter, type Kysely } from "kysely";

/**
 * The indexes the admin's and shopper's lists, counts and queues read at a grown shop's size
 * (issue 33: 500,000 orders, 100,000 accounts). Each answers one query of read-models/ (named in
 * its comment); tests/integration/query-plans.test.ts checks every such query's plan on both
 * databases and fails when one scans a table.
 *
 * Search columns are indexed lowered (`lower(x)`), and the searches are prefix ranges on exactly
 * that expression (read-models/shared/text-search.ts): case-insensitive exact and prefix matches
 * through the index. On PostgreSQL the expression is taken in the "C" collation, byte order, the
 * order SQLite compares text in, so a range [prefix, prefix + U+10FFFF) holds exactly the values
 * that start with the prefix whatever the database's own collation.
 */
export const LOWERED_INDEXES = [
  ["orders_id_lower", "orders", "id"],
  ["orders_email_lower", "orders", "email"],
  ["orders_roblox_lower", "orders", "robloxUsername"],
  ["user_id_lower", "user", "id"],
  ["user_email_lower", "user", "email"],
  ["user_roblox_lower", "user", "robloxUsername"],
] as const;

/**
 * The Delivery queue and its counts (deliveryQueue): paid orders not delivered nor cancelled. A
 * partial index holds only those (a few hundred, not the shop's history), with the columns its
 * counts read, so the counts never visit the table. The literals must be the queries' own, and
 * they spell out domain/fulfilment/delivery.ts's DELIVERY_OWED_STATUSES and off-the-clock lists (a
 * fully refunded or reversed order is owed nothing: issue 32); tests/unit/fulfilment/
 * delivery-index-predicates.test.ts fails when the two disagree.
 */
export const OPEN_DELIVERIES = `"deliveredAt" is null and "deliveryDueAt" is not null and "status" in ('pending', 'processing') and "paymentStatus" not in ('refunded', 'reversed')`;

/**
 * The late-order job's claim (claimOverdue): paid, not cancelled, awaiting delivery or delivered
 * after the deadline, and not yet settled (marked late and compensated). Orders delivered in time,
 * the great majority, are not in it: the late-order check no longer walks every past deadline.
 * Nor are orders that can never be late (completed without a delivery time): the job used to claim
 * them on every run and decide "nothing to do", a batch lost to them each time.
 */
export const UNSETTLED_LATENESS = `"paidAt" is not null and "status" <> 'cancelled' and "paymentStatus" not in ('refunded', 'reversed') and (("deliveredAt" is null and "status" in ('pending', 'processing')) or "deliveredAt" > "deliveryDueAt") and ("lateAt" is null or "compensatedAt" is null)`;

/**
 * The admin's "disputed" orders (listOrders' payment filter): a dispute open or a payment reversed.
 * An OR the planner serves with one partial index instead of two scans.
 */
export const DISPUTED = `("disputeStatus" is not null or "paymentStatus" = 'reversed')`;

export async function up(db: Kysely<any>): Promise<void> {
  const sqlite = db.getExecutor().adapter instanceof SqliteAdapter;
  const collate = sqlite ? sql`` : sql` collate "C"`;
  for (const [name, table, column] of LOWERED_INDEXES) {
    await sql`create index ${sql.id(name)} on ${sql.table(table)} ((lower(${sql.ref(column)})${collate}))`.execute(db);
  }
  // The admin's orders, newest first (listOrders), whole or by status, payment state or dispute.
  await sql`drop index if exists orders_created`.execute(db);
  await sql`create index orders_created_id on orders ("createdAt", id)`.execute(db);
  await sql`create index orders_status_created on orders (status, "createdAt", id)`.execute(db);
  await sql`drop index if exists orders_payment_status`.execute(db);
  await sql`create index orders_payment_created on orders ("paymentStatus", "createdAt", id)`.execute(db);
  await sql`create index orders_disputed_created on orders ("createdAt", id) where ${sql.raw(DISPUTED)}`.execute(db);
  await sql`create index orders_delivery_open on orders ("deliveryDueAt", status, "deliveryStartedAt", id) where ${sql.raw(OPEN_DELIVERIES)}`.execute(db);
  await sql`create index orders_lateness_unsettled on orders ("deliveryDueAt", id) where ${sql.raw(UNSETTLED_LATENESS)}`.execute(db);
  // The admin's users, newest first, ties by id (listUsersForAdmin).
  await sql`create index user_created_id on "user" ("createdAt" desc, id)`.execute(db);
  // The staff among 100,000 accounts, by email: the Staff tab (listStaff), the admin digest's
  // recipients (administratorAddresses), a staff sign-in's lookup (staffAccountByEmail).
  await sql`create index user_admin_email on "user" ("isAdmin", email)`.execute(db);
  // Statistics for the planner on the new indexes (SQLite's ANALYZE reads each index).
  if (!sqlite) await sql`analyze orders, "user"`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const name of [
    ...LOWERED_INDEXES.map(([n]) => n),
    "orders_created_id",
    "orders_status_created",
    "orders_payment_created",
    "orders_disputed_created",
    "orders_delivery_open",
    "orders_lateness_unsettled",
    "user_created_id",
    "user_admin_email",
  ]) {
    await sql`drop index if exists ${sql.id(name)}`.execute(db);
  }
  await sql`create index orders_created on orders ("createdAt")`.execute(db);
  await sql`create index orders_payment_status on orders ("paymentStatus")`.execute(db);
}
