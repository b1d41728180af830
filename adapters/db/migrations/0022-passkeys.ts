import { getMigrations } from "better-auth/db/migration";
import { SqliteAdapter, type Kysely } from "kysely";
import { authSchemaOptions } from "../../auth/auth-schema.ts";

/**
 * Passkeys (issue 20): better-auth's `passkey` table (credential id, public key, counter, device
 * type), created by better-auth's own migration planner from the current schema options, which
 * adds only what is missing.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const type = db.getExecutor().adapter instanceof SqliteAdapter ? "sqlite" : "postgres";
  const { runMigrations } = await getMigrations({ ...authSchemaOptions, database: { db, type } });
  await runMigrations();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("passkey").ifExists().execute();
}
