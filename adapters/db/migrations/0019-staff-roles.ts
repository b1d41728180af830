import { sql, type Kysely } from "kysely";

/**
 * Staff roles (issue 20): `user.staffRole` is owner, manager or support for staff, null for
 * shoppers. Every administrator before roles could do everything, so each becomes an owner.
 * 0002 creates better-auth's user table from the current field list, which now has staffRole:
 * a database created since then has the column already.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const user = (await db.introspection.getTables()).find((table) => table.name === "user");
  if (!user?.columns.some((column) => column.name === "staffRole")) {
    await db.schema.alterTable("user").addColumn("staffRole", "text").execute();
  }
  // TRUE is a boolean on PostgreSQL and 1 on SQLite (which stores booleans as 1/0).
  await sql`update "user" set "staffRole" = 'owner' where "isAdmin" = true and "staffRole" is null`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("user").dropColumn("staffRole").execute();
}
