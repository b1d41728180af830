import type { Kysely } from "kysely";

/**
 * The Roblox account a checkout and its order go to: the numeric user id Roblox answered
 * (text: Roblox ids have outgrown 32 bits), the display name and avatar the shopper recognised, when
 * the account was created at Roblox, and whether Roblox was asked at all (0: "not checked", as every
 * order before this migration). With them, the requirements the shopper ticked (a JSON list of
 * `{ code, text }`). Old rows keep their typed name and get no account: nothing was checked then.
 */
export async function up(db: Kysely<any>): Promise<void> {
  for (const table of ["checkouts", "orders"]) {
    await db.schema.alterTable(table).addColumn("robloxUserId", "text").execute();
    await db.schema.alterTable(table).addColumn("robloxDisplayName", "text").execute();
    await db.schema.alterTable(table).addColumn("robloxAvatarUrl", "text").execute();
    await db.schema.alterTable(table).addColumn("robloxAccountCreatedAt", "text").execute();
    await db.schema
      .alterTable(table)
      .addColumn("robloxVerified", "integer", (c) => c.notNull().defaultTo(0))
      .execute();
    await db.schema
      .alterTable(table)
      .addColumn("acknowledgedRequirements", "text", (c) => c.notNull().defaultTo("[]"))
      .execute();
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ["checkouts", "orders"]) {
    for (const column of ["acknowledgedRequirements", "robloxVerified", "robloxAccountCreatedAt", "robloxAvatarUrl", "robloxDisplayName", "robloxUserId"]) {
      await db.schema.alterTable(table).dropColumn(column).execute();
    }
  }
}
