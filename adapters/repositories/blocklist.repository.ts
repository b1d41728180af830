import { partyKeys, type BlockEntry, type BlockKind } from "#domain/risk/blocklist.ts";
import type { Blocklist } from "#domain/risk/blocklist.port.ts";
import type { Tx } from "../db/database.ts";

type Row = { id: string; kind: string; value: string; note: string; expiresAt: string | null; createdAt: string; createdBy: string };

function entry(row: Row): BlockEntry {
  return {
    id: row.id,
    kind: row.kind as BlockKind,
    value: row.value,
    note: row.note,
    expiresAt: row.expiresAt ? new Date(row.expiresAt) : null,
    createdAt: new Date(row.createdAt),
    createdBy: row.createdBy,
  };
}

/** The blocklist (migration 0033): values stored lowered, looked up by (kind, value). */
export function createBlocklist(db: Tx): Blocklist {
  return {
    async list() {
      const rows = await db.selectFrom("blocklist").selectAll().orderBy("createdAt", "desc").orderBy("id").limit(500).execute();
      return rows.map(entry);
    },
    async add(block) {
      await db
        .insertInto("blocklist")
        .values({
          id: block.id,
          kind: block.kind,
          value: block.value,
          note: block.note,
          expiresAt: block.expiresAt?.toISOString() ?? null,
          createdAt: block.createdAt.toISOString(),
          createdBy: block.createdBy,
        })
        .execute();
    },
    async remove(id) {
      const row = await db.selectFrom("blocklist").selectAll().where("id", "=", id).executeTakeFirst();
      if (!row) return null;
      await db.deleteFrom("blocklist").where("id", "=", id).execute();
      return entry(row);
    },
    async matches(party, now) {
      const keys = partyKeys(party);
      if (keys.length === 0) return false;
      const row = await db
        .selectFrom("blocklist")
        .select("id")
        .where((eb) => eb.or(keys.map((key) => eb.and([eb("kind", "=", key.kind), eb("value", "=", key.value)]))))
        .where((eb) => eb.or([eb("expiresAt", "is", null), eb("expiresAt", ">", now.toISOString())]))
        .limit(1)
        .executeTakeFirst();
      return row !== undefined;
    },
  };
}
