import { sql, type Kysely } from "kysely";

// Rewards: the points and store credit ledgers, referral codes and referrals, review submissions.
// Balances stay on better-auth's `user` row (`points`, `storeCredit` in cents); every change to
// them is a ledger entry written in the same transaction, so a balance always equals its history.
export async function up(db: Kysely<any>): Promise<void> {
  for (const [table, amount] of [
    ["points_ledger", "amount"],
    ["store_credit_ledger", "amountCents"],
  ] as const) {
    await db.schema
      .createTable(table)
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("userId", "text", (c) => c.notNull().references("user.id").onDelete("cascade"))
      .addColumn(amount, "integer", (c) => c.notNull().check(sql`${sql.ref(amount)} <> 0`))
      .addColumn("reason", "text", (c) => c.notNull())
      .addColumn("reference", "text", (c) => c.notNull())
      .addColumn("actorId", "text")
      .addColumn("createdAt", "text", (c) => c.notNull())
      // "None granted twice" as a database guarantee: one entry per reason and reference (an
      // order's completion, a submission, a referral milestone, a redemption).
      .addUniqueConstraint(`${table}_reason_reference_unique`, ["reason", "reference"])
      .execute();
    await db.schema.createIndex(`${table}_user_created`).on(table).columns(["userId", "createdAt"]).execute();
  }

  // Balances set before the ledgers existed become an opening entry, so sum == balance from day one.
  const now = new Date().toISOString();
  await sql`insert into "points_ledger" ("id", "userId", "amount", "reason", "reference", "actorId", "createdAt")
    select 'opening-' || "id", "id", "points", 'opening_balance', "id", null, ${now} from "user"
    where "points" is not null and "points" <> 0`.execute(db);
  await sql`insert into "store_credit_ledger" ("id", "userId", "amountCents", "reason", "reference", "actorId", "createdAt")
    select 'opening-' || "id", "id", "storeCredit", 'opening_balance', "id", null, ${now} from "user"
    where "storeCredit" is not null and "storeCredit" <> 0`.execute(db);

  await db.schema
    .createTable("referral_codes")
    .addColumn("userId", "text", (c) => c.primaryKey().references("user.id").onDelete("cascade"))
    .addColumn("code", "text", (c) => c.notNull().unique())
    .addColumn("successfulReferrals", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("createdAt", "text", (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("referrals")
    // A user is referred at most once.
    .addColumn("referredUserId", "text", (c) => c.primaryKey().references("user.id").onDelete("cascade"))
    .addColumn("referrerUserId", "text", (c) => c.notNull().references("user.id").onDelete("cascade"))
    .addColumn("code", "text", (c) => c.notNull())
    .addColumn("createdAt", "text", (c) => c.notNull())
    .addColumn("successfulAt", "text")
    .addColumn("firstCompletedOrderId", "text")
    .addCheckConstraint("referrals_not_self", sql`"referrerUserId" <> "referredUserId"`)
    .execute();
  await db.schema.createIndex("referrals_referrer").on("referrals").columns(["referrerUserId", "successfulAt"]).execute();

  await db.schema
    .createTable("submissions")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("userId", "text", (c) => c.notNull().references("user.id").onDelete("cascade"))
    .addColumn("status", "text", (c) => c.notNull().check(sql`"status" in ('pending', 'approved', 'rejected')`))
    .addColumn("file", "text", (c) => c.notNull().unique())
    .addColumn("createdAt", "text", (c) => c.notNull())
    .addColumn("adminNotes", "text")
    .addColumn("decidedAt", "text")
    .addColumn("decidedBy", "text")
    .execute();
  // One pending submission per user, also when two uploads race.
  await db.schema
    .createIndex("submissions_one_pending_per_user")
    .on("submissions")
    .column("userId")
    .unique()
    .where(sql.ref("status"), "=", "pending")
    .execute();
  await db.schema.createIndex("submissions_created").on("submissions").columns(["createdAt"]).execute();
  await db.schema.createIndex("submissions_user").on("submissions").columns(["userId", "createdAt"]).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ["submissions", "referrals", "referral_codes", "store_credit_ledger", "points_ledger"]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
