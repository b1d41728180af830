import { SqliteAdapter, type Kysely } from "kysely";
import { getMigrations } from "better-auth/db/migration";
import { authSchemaOptions } from "../../auth/auth-schema.ts";

// better-auth's own tables (user, session, account, verification, rateLimit) are created by
// better-auth's migration planner for the dialect in use, so column types match what its Kysely
// adapter reads and writes (dates as ISO text on SQLite, timestamps on PostgreSQL).
export async function up(db: Kysely<any>): Promise<void> {
  const type = db.getExecutor().adapter instanceof SqliteAdapter ? "sqlite" : "postgres";
  const { runMigrations } = await getMigrations({ ...authSchemaOptions, database: { db, type } });
  await runMigrations();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ["rateLimit", "verification", "account", "session", "user"]) await db.schema.dropTable(table).ifExists().execute();
}
