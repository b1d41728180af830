import type { Kysely } from "kysely";
import { expect } from "vitest";
import { createPromoClaims } from "#adapters/repositories/promo-claims.repository.ts";
import type { Database } from "#adapters/db/schema.ts";
import { testMigration } from "./helpers/migration-database.ts";

const claim = (email: string, minutesAgo: number) => ({
  email,
  discountCodeId: `code-${email}`,
  createdAt: new Date(Date.now() - minutesAgo * 60_000).toISOString(),
});

testMigration(
  "0046-promo-claims-mailbox",
  "keys the claims of before by mailbox, the oldest spelling first, so no spelling of a mailbox that claimed gets another code",
  {
    from: "0045-blocklist-mailbox-keys",
    // Two spellings of one Gmail mailbox claimed before the fix (each got a code), and one other address.
    rows: { promo_claims: [claim("t4fraud+1@gmail.com", 5), claim("t.4fraud@gmail.com", 10), claim("someone@example.com", 1)] },
  },
  async (db) => {
    const rows = await db.selectFrom("promo_claims").select(["email", "mailbox"]).orderBy("email").execute();
    expect(rows).toEqual([
      { email: "someone@example.com", mailbox: "someone@example.com" },
      { email: "t.4fraud@gmail.com", mailbox: "t4fraud@gmail.com" },
      { email: "t4fraud+1@gmail.com", mailbox: null },
    ]);
    const addIfNew = (email: string, mailbox: string) =>
      (db as unknown as Kysely<Database>).transaction().execute((trx) => createPromoClaims(trx).addIfNew({ email, mailbox }, `code-${email}`, new Date()));
    expect(await addIfNew("t4fraud@googlemail.com", "t4fraud@gmail.com")).toBe(false);
    expect(await addIfNew("other@example.com", "other@example.com")).toBe(true);
  },
);
