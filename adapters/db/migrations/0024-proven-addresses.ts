import { sql, type Kysely } from "kysely";
import { addColumns, createIndexes, createTable, primaryKey, text } from "../migration-kit.ts";

/**
 * Issue 32. Data a guest left under an address belongs to an account only once the account has
 * proven the address, and then by id: `userId` on item requests, promo claims and the mail outbox
 * (support conversations have it already), set once when the address is verified; a
 * `guest_data_claims` row records each claim, so it happens once per account and address.
 * `staff_invitations` holds a role offered to an address until the link sent there is followed.
 * Rows of accounts already verified are attached here, as the claim would have done.
 */
export async function up(db: Kysely<any>): Promise<void> {
  for (const table of ["item_requests", "promo_claims", "mail_outbox"]) {
    await addColumns(db, table, { userId: text.nullable() });
    await createIndexes(db, table, { [`${table}_user`]: ["userId"] });
  }
  // The claim finds a guest's conversations by address.
  await createIndexes(db, "support_conversations", { support_conversations_email: ["email"] });
  const userCascade = { references: "user.id", onDelete: "cascade" } as const;
  await createTable(db, "guest_data_claims", {
    columns: { userId: text(userCascade), email: text(), claimedAt: text() },
    primaryKey: ["userId", "email"],
  });
  await createTable(db, "staff_invitations", {
    columns: { userId: primaryKey("text", userCascade), role: text(), invitedBy: text(), createdAt: text() },
  });

  // better-auth's emailVerified is an integer on SQLite and a boolean on PostgreSQL: cast, compare.
  const verifiedOwner = (table: string, column: string) =>
    sql`(select "user"."id" from "user" where "user"."email" = ${sql.ref(`${table}.${column}`)} and cast("user"."emailVerified" as integer) = 1)`;
  for (const [table, column] of [
    ["item_requests", "email"],
    ["promo_claims", "email"],
    ["mail_outbox", "recipient"],
  ] as const) {
    await sql`update ${sql.table(table)} set "userId" = ${verifiedOwner(table, column)} where "userId" is null`.execute(db);
  }
  await sql`update "support_conversations" set "userId" = ${verifiedOwner("support_conversations", "email")} where "userId" is null and "email" is not null`.execute(
    db,
  );
  await sql`insert into "guest_data_claims" ("userId", "email", "claimedAt")
    select "id", "email", ${new Date().toISOString()} from "user" where cast("emailVerified" as integer) = 1`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("staff_invitations").execute();
  await db.schema.dropTable("guest_data_claims").execute();
  await db.schema.dropIndex("support_conversations_email").execute();
  for (const table of ["item_requests", "promo_claims", "mail_outbox"]) {
    await db.schema.dropIndex(`${table}_user`).execute();
    await db.schema.alterTable(table).dropColumn("userId").execute();
  }
}
