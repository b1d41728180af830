import type { Kysely } from "kysely";
import { applyAuthSchema } from "../../auth/auth-schema.ts";

/**
 * Two-factor sign-in (issue 20): better-auth's `twoFactor` table and `user.twoFactorEnabled`,
 * created by better-auth's own migration planner from the current schema options (it adds only
 * what is missing; 0002 creates them already on a database made since).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await applyAuthSchema(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("twoFactor").ifExists().execute();
  await db.schema.alterTable("user").dropColumn("twoFactorEnabled").execute();
}
