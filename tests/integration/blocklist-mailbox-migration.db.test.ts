import type { Kysely } from "kysely";
import { expect } from "vitest";
import { createBlocklist } from "#adapters/repositories/blocklist.repository.ts";
import type { Database } from "#adapters/db/schema.ts";
import { testMigration } from "./helpers/migration-database.ts";

const entry = (id: string, kind: string, value: string) => ({
  id,
  kind,
  value,
  note: "",
  expiresAt: null,
  createdAt: new Date().toISOString(),
  createdBy: "owner",
});
const party = (email: string) => ({ email, robloxUsername: null, payerId: null, ip: null as string | null });

testMigration(
  "0045-blocklist-mailbox-keys",
  "gives the entries of before their mailbox key, so an entry added then blocks every spelling of its mailbox",
  {
    from: "0044-risk-analytics",
    rows: {
      blocklist: [
        entry("gmail", "email", "t.4fraud@gmail.com"),
        entry("domain", "email_domain", "googlemail.com"),
        entry("user", "roblox_username", "fraudster_1"),
        { ...entry("range", "ip", "203.0.113.0/24"), rangeStart: "00000000000000000000ffffcb007100", rangeEnd: "00000000000000000000ffffcb0071ff" },
      ],
    },
  },
  async (db) => {
    const keys = Object.fromEntries(
      (await db.selectFrom("blocklist").select(["id", "matchKey"]).execute()).map((r: { id: string; matchKey: string | null }) => [r.id, r.matchKey]),
    );
    expect(keys).toEqual({ gmail: "t4fraud@gmail.com", domain: "gmail.com", user: "fraudster_1", range: null });
    const now = new Date();
    const matches = (who: { email: string; robloxUsername: null; payerId: null; ip: string | null }) =>
      (db as unknown as Kysely<Database>).transaction().execute((trx) => createBlocklist(trx).matches(who, now));
    for (const spelling of ["t4fraud@gmail.com", "t4fraud+x@gmail.com", "T.4Fraud@GoogleMail.com"]) expect(await matches(party(spelling)), spelling).toBe(true);
    // The domain entry (googlemail.com) is Gmail's one domain.
    expect(await matches(party("anyone@gmail.com"))).toBe(true);
    expect(await matches(party("someone@example.com"))).toBe(false);
    expect(await matches({ ...party("someone@example.com"), ip: "203.0.113.9" })).toBe(true);
  },
);
