import { sql, type Kysely } from "kysely";

/**
 * Orders delivered before confirm receipt existed (issue 36, 0031) were never asked "Did you get
 * it?": their window had closed before there was one. Left with no receipt, every one of them sat in
 * the receipt job's queue (orders_receipt_due), which then "completed after the window" a hundred
 * a run, writing a "Completed" timeline line the shopper never had cause for: at a grown shop's size
 * (500,000 delivered orders, issue 33) about 42 hours of runs, each holding SQLite's writer for its
 * batch. They are closed here as what they were, completed at delivery without an answer
 * ("silence", at their delivery time), with no timeline line. Orders delivered within the default
 * window (DELIVERY_CONFIRM_HOURS, 72) are left to the job, which asks and closes them as usual.
 */
const DEFAULT_WINDOW_HOURS = 72;

export async function up(db: Kysely<any>): Promise<void> {
  // The upgrade itself is the moment that matters: a migration runs once, outside any request or Clock.
  // eslint-disable-next-line no-restricted-syntax
  const windowStart = new Date(Date.now() - DEFAULT_WINDOW_HOURS * 3_600_000).toISOString();
  await sql`update orders set receipt = 'silence', "receiptAt" = "deliveredAt"
    where status = 'completed' and receipt is null and "deliveredAt" is not null and "deliveredAt" < ${windowStart}`.execute(db);
}

export async function down(): Promise<void> {
  // Nothing to undo: the rows closed here are indistinguishable from, and as true as, closed ones.
}
