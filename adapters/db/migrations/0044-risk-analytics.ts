import { SqliteAdapter, type Kysely } from "kysely";

/**
 * Risk figures of the analytics (issue 37): the risk projection
 * (read-models/analytics/risk.projection.ts) keeps, per day, the orders held, approved and rejected,
 * the disputes, the reversals and the money lost to chargebacks, and per order with a chargeback
 * what it counts (so a loss that moves is taken back from its old day). Folded from OrderHeld,
 * OrderRiskDecided, ChargebackRecorded and DisputeEnded; filled at the next start, when the new
 * projection is built from the event log.
 */
export async function up(db: Kysely<any>): Promise<void> {
  // Sums of cents can outgrow 32 bits on PostgreSQL; SQLite integers are 64-bit.
  const big = db.getExecutor().adapter instanceof SqliteAdapter ? "integer" : "bigint";
  await db.schema
    .createTable("rm_risk_days")
    .addColumn("day", "text", (c) => c.primaryKey())
    .addColumn("held", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("approved", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("rejected", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("disputes", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("reversals", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("lostCents", big, (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createTable("rm_risk_chargebacks")
    .addColumn("orderId", "text", (c) => c.primaryKey())
    .addColumn("disputeDay", "text")
    .addColumn("disputeAmount", big, (c) => c.notNull().defaultTo(0))
    .addColumn("disputeLostDay", "text")
    .addColumn("reversalDay", "text")
    .addColumn("reversalAmount", big, (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("rm_risk_chargebacks").ifExists().execute();
  await db.schema.dropTable("rm_risk_days").ifExists().execute();
}
