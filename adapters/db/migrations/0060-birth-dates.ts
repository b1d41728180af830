import type { Kysely } from "kysely";
import { addColumns, text } from "../migration-kit.ts";

/**
 * Age, asked once: the account's date of birth, YYYY-MM-DD, given at sign-up or before
 * its first payment; null on accounts made before this or through Google until they give it. Not
 * one of better-auth's fields (its sign-up cannot set it): the store writes it itself.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await addColumns(db, "user", { birthDate: text.nullable() });
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("user").dropColumn("birthDate").execute();
}
