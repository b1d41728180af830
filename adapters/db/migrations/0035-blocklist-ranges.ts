import type { Kysely } from "kysely";
import { ipRange } from "#domain/risk/ip-range.ts";
import { addColumns, createIndexes, text } from "../migration-kit.ts";

/**
 * Address ranges on the blocklist (issue 37): an `ip` entry may be an address or a CIDR range (IPv4 or
 * IPv6); its first and last address are kept as 32 hex digits (domain/risk/ip-range.ts), so a checkout's
 * address is looked up by comparing strings, on SQLite and PostgreSQL alike. Entries of 0033 get theirs.
 * The admin screen pages the list newest first (blocklist_created).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await addColumns(db, "blocklist", { rangeStart: text.nullable(), rangeEnd: text.nullable() });
  const rows: { id: string; value: string }[] = await db.selectFrom("blocklist").select(["id", "value"]).where("kind", "=", "ip").execute();
  for (const row of rows) {
    const range = ipRange(row.value);
    if (range) await db.updateTable("blocklist").set({ rangeStart: range.start, rangeEnd: range.end }).where("id", "=", row.id).execute();
  }
  await createIndexes(db, "blocklist", { blocklist_ip_range: ["kind", "rangeStart"], blocklist_created: ["createdAt", "id"] });
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex("blocklist_created").ifExists().execute();
  await db.schema.dropIndex("blocklist_ip_range").ifExists().execute();
  await db.schema.alterTable("blocklist").dropColumn("rangeEnd").execute();
  await db.schema.alterTable("blocklist").dropColumn("rangeStart").execute();
}
