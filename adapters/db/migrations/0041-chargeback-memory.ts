import { sql, type Kysely } from "kysely";

/**
 * Chargeback memory (issue 37). `chargebacks`: one row per dispute or reversal on an order (the kind
 * in the key, so a webhook told twice records once), with when it happened, the money at stake and,
 * for a dispute, how it ended: the Risk view's per-month list reads it through `chargebacks_at`.
 * `account_freezes`: an account whose store credit and points are on hold since a chargeback, until
 * staff clear it (who, when, why). Both start from what the payment history already recorded, so an
 * account that disputed before this change is frozen too.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("chargebacks")
    .addColumn("orderId", "text", (c) => c.notNull())
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("userId", "text", (c) => c.notNull())
    .addColumn("at", "text", (c) => c.notNull())
    .addColumn("amountCents", "integer", (c) => c.notNull())
    .addColumn("outcome", "text")
    .addColumn("resolvedAt", "text")
    .addPrimaryKeyConstraint("chargebacks_pk", ["orderId", "kind"])
    .execute();
  await db.schema.createIndex("chargebacks_at").on("chargebacks").columns(["at", "orderId"]).execute();
  await db.schema
    .createTable("account_freezes")
    .addColumn("userId", "text", (c) => c.primaryKey())
    .addColumn("frozenAt", "text", (c) => c.notNull())
    .addColumn("orderId", "text", (c) => c.notNull())
    .addColumn("clearedAt", "text")
    .addColumn("clearedBy", "text")
    .addColumn("clearNote", "text")
    .execute();
  // The Risk view's accounts on hold: the few frozen now, never every account that once was.
  await sql`create index account_freezes_open on account_freezes ("frozenAt", "userId") where "clearedAt" is null`.execute(db);
  // What the payment history already knows: the first dispute and the first reversal of each order.
  await sql`
    insert into chargebacks ("orderId", kind, "userId", at, "amountCents", outcome, "resolvedAt")
    select h."orderId", case when h.kind = 'reversed' then 'reversal' else 'dispute' end, o."userId", min(h.at),
      case
        when h.kind = 'reversed' then coalesce(max(h."amountCents"), 0)
        when o."totalCents" - o."creditAppliedCents" - o."refundedToPaymentCents" > 0 then o."totalCents" - o."creditAppliedCents" - o."refundedToPaymentCents"
        else 0
      end,
      case when h.kind = 'dispute_opened' and o."disputeStatus" = 'resolved' then 'resolved' end,
      null
    from payment_history h join orders o on o.id = h."orderId"
    where h.kind in ('dispute_opened', 'reversed')
    group by h."orderId", h.kind, o."userId", o."totalCents", o."creditAppliedCents", o."refundedToPaymentCents", o."disputeStatus"`.execute(db);
  await sql`
    insert into account_freezes ("userId", "frozenAt", "orderId")
    select c."userId", max(c.at), max(c."orderId") from chargebacks c group by c."userId"`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("account_freezes").ifExists().execute();
  await db.schema.dropTable("chargebacks").ifExists().execute();
}
