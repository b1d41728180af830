import { sql, type Kysely } from "kysely";
import { createIndexes, createTable, integer, primaryKey, text } from "../migration-kit.ts";

// Rewards: the points and store credit ledgers, referral codes and referrals, review submissions.
// Balances stay on better-auth's `user` row (`points`, `storeCredit` in cents); every change to
// them is a ledger entry written in the same transaction, so a balance always equals its history.
export async function up(db: Kysely<any>): Promise<void> {
  for (const [table, amount] of [
    ["points_ledger", "amount"],
    ["store_credit_ledger", "amountCents"],
  ] as const) {
    await createTable(db, table, {
      columns: {
        id: primaryKey("text"),
        userId: text({ references: "user.id", onDelete: "cascade" }),
        [amount]: integer({ check: sql`${sql.ref(amount)} <> 0` }),
        reason: text(),
        reference: text(),
        actorId: text.nullable(),
        createdAt: text(),
      },
      // "None granted twice" as a database guarantee: one entry per reason and reference (an
      // order's completion, a submission, a referral milestone, a redemption).
      unique: { [`${table}_reason_reference_unique`]: ["reason", "reference"] },
      indexes: { [`${table}_user_created`]: ["userId", "createdAt"] },
    });
  }

  // Balances set before the ledgers existed become an opening entry, so sum == balance from day one.
  const now = new Date().toISOString();
  await sql`insert into "points_ledger" ("id", "userId", "amount", "reason", "reference", "actorId", "createdAt")
    select 'opening-' || "id", "id", "points", 'opening_balance', "id", null, ${now} from "user"
    where "points" is not null and "points" <> 0`.execute(db);
  await sql`insert into "store_credit_ledger" ("id", "userId", "amountCents", "reason", "reference", "actorId", "createdAt")
    select 'opening-' || "id", "id", "storeCredit", 'opening_balance', "id", null, ${now} from "user"
    where "storeCredit" is not null and "storeCredit" <> 0`.execute(db);

  const userCascade = { references: "user.id", onDelete: "cascade" } as const;
  await createTable(db, "referral_codes", {
    columns: { userId: primaryKey("text", userCascade), code: text({ unique: true }), successfulReferrals: integer({ default: 0 }), createdAt: text() },
  });

  await createTable(db, "referrals", {
    columns: {
      // A user is referred at most once.
      referredUserId: primaryKey("text", userCascade),
      referrerUserId: text(userCascade),
      code: text(),
      createdAt: text(),
      successfulAt: text.nullable(),
      firstCompletedOrderId: text.nullable(),
    },
    checks: { referrals_not_self: sql`"referrerUserId" <> "referredUserId"` },
    indexes: { referrals_referrer: ["referrerUserId", "successfulAt"] },
  });

  await createTable(db, "submissions", {
    columns: {
      id: primaryKey("text"),
      userId: text(userCascade),
      status: text({ check: sql`"status" in ('pending', 'approved', 'rejected')` }),
      file: text({ unique: true }),
      createdAt: text(),
      adminNotes: text.nullable(),
      decidedAt: text.nullable(),
      decidedBy: text.nullable(),
    },
  });
  // One pending submission per user, also when two uploads race.
  await db.schema
    .createIndex("submissions_one_pending_per_user")
    .on("submissions")
    .column("userId")
    .unique()
    .where(sql.ref("status"), "=", "pending")
    .execute();
  await createIndexes(db, "submissions", { submissions_created: ["createdAt"], submissions_user: ["userId", "createdAt"] });
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ["submissions", "referrals", "referral_codes", "store_credit_ledger", "points_ledger"]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
