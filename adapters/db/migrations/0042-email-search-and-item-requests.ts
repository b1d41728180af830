import { sql, SqliteAdapter, type Kysely } from "kysely";

/**
 * Two list orders as indexes (issue 33).
 *
 * The admin's search of orders by an email address (listOrders): PostgreSQL walked
 * orders_created_id newest first and filtered every row by the three lowered prefixes (7,000 rows
 * read for a page of the loyal shopper's 2,000 orders among 500,000, p95 48-54 ms). An address that
 * is the search text itself is now looked up on the lowered address followed by the list's order,
 * so a page of one shopper's orders is read in order and stops when full
 * (read-models/shopping/order-search.query.ts). Lowered as 0027's indexes are, in the "C" collation
 * on PostgreSQL.
 *
 * The item requests list (listItemRequests), newest first and ties by id, pages now: an index in
 * exactly that order, which also serves whatever read the old index on createdAt alone served.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const sqlite = db.getExecutor().adapter instanceof SqliteAdapter;
  const collate = sqlite ? sql`` : sql` collate "C"`;
  await sql`create index orders_email_lower_created on orders ((lower(email)${collate}), "createdAt", id)`.execute(db);
  await sql`create index item_requests_created_id on item_requests ("createdAt" desc, id)`.execute(db);
  await sql`drop index if exists item_requests_created`.execute(db);
  if (!sqlite) await sql`analyze orders, item_requests`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index if exists orders_email_lower_created`.execute(db);
  await sql`drop index if exists item_requests_created_id`.execute(db);
  await sql`create index item_requests_created on item_requests ("createdAt")`.execute(db);
}
