import type { Kysely } from "kysely";
import { mailboxKey } from "#domain/shared/mailbox.ts";
import { addColumns, createIndexes, text } from "../migration-kit.ts";

/**
 * The first-visit promo is one code per mailbox, not per spelling (issue 46): each claim keeps its
 * address's mailbox key (domain/shared/mailbox.ts), unique, so t.4fraud@gmail.com,
 * t4fraud+1@gmail.com and t4fraud@googlemail.com are one claim. The claims of before get theirs,
 * the oldest of a mailbox's spellings first; a later spelling of a mailbox that had already claimed
 * keeps null (its code was sent; nothing is taken back).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await addColumns(db, "promo_claims", { mailbox: text.nullable() });
  const rows: { email: string }[] = await db.selectFrom("promo_claims").select("email").orderBy("createdAt").orderBy("email").execute();
  const seen = new Set<string>();
  for (const row of rows) {
    const mailbox = mailboxKey(row.email);
    if (seen.has(mailbox)) continue;
    seen.add(mailbox);
    await db.updateTable("promo_claims").set({ mailbox }).where("email", "=", row.email).execute();
  }
  // Unique: what decides between two racing claims of one mailbox (promo-claims.repository.ts).
  await createIndexes(db, "promo_claims", { promo_claims_mailbox: { columns: ["mailbox"], unique: true } });
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex("promo_claims_mailbox").ifExists().execute();
  await db.schema.alterTable("promo_claims").dropColumn("mailbox").execute();
}
