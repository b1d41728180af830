import type { Kysely } from "kysely";
import { applyAuthSchema } from "../../auth/auth-schema.ts";

/**
 * Passkeys (issue 20): better-auth's `passkey` table (credential id, public key, counter, device
 * type), created by better-auth's own migration planner from the current schema options, which
 * adds only what is missing.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await applyAuthSchema(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("passkey").ifExists().execute();
}
