import type { Kysely } from "kysely";
import { blockKey, type BlockKind } from "#domain/risk/blocklist.ts";
import { addColumns, createIndexes, text } from "../migration-kit.ts";

/**
 * The blocklist matches a mailbox, not a spelling (issue 46): each entry keeps the key it is
 * matched by (domain/risk/blocklist.ts's blockKey: an email's mailbox, so t.4fraud+x@googlemail.com
 * is t4fraud@gmail.com; a domain as one key; a username or payer lowered; null for an `ip` entry,
 * matched by its range of 0035), and a checkout's party is looked up by it through
 * blocklist_match. Entries of 0033 and 0035 get theirs here.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await addColumns(db, "blocklist", { matchKey: text.nullable() });
  const rows: { id: string; kind: BlockKind; value: string }[] = await db
    .selectFrom("blocklist")
    .select(["id", "kind", "value"])
    .where("kind", "<>", "ip")
    .execute();
  for (const row of rows)
    await db
      .updateTable("blocklist")
      .set({ matchKey: blockKey(row.kind, row.value) })
      .where("id", "=", row.id)
      .execute();
  await createIndexes(db, "blocklist", { blocklist_match: ["kind", "matchKey"] });
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex("blocklist_match").ifExists().execute();
  await db.schema.alterTable("blocklist").dropColumn("matchKey").execute();
}
