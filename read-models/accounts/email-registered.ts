import type { Kysely } from "kysely";
import type { Database } from "#adapters/db/schema.ts";

/** Whether an account with this email exists (emails are stored lower-cased by better-auth). */
export async function isEmailRegistered(db: Kysely<Database>, email: string): Promise<boolean> {
  const row = await db.selectFrom("user").select("id").where("email", "=", email.trim().toLowerCase()).executeTakeFirst();
  return row !== undefined;
}
