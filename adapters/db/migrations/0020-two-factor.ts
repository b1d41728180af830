import { getMigrations } from "better-auth/db/migration";
import { SqliteAdapter, type Kysely } from "kysely";
import { authSchemaOptions } from "../../auth/auth-schema.ts";

/**
 * Two-factor sign-in (issue 20): better-auth's `twoFactor` table and `user.twoFactorEnabled`,
 * created by better-auth's own migration planner from the current schema options (it adds only
 * what is missing; 0002 creates them already on a database made since).
 */
export async function up(db: Kysely<any>): Promise<void> {
  const type = db.getExecutor().adapter instanceof SqliteAdapter ? "sqlite" : "postgres";
  const { runMigrations } = await getMigrations({ ...authSchemaOptions, database: { db, type } });
  await runMigrations();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("twoFactor").ifExists().execute();
  await db.schema.alterTable("user").dropColumn("twoFactorEnabled").execute();
}
