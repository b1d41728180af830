import { blockKey, partyKeys, type BlockEntry, type BlockKind } from "#domain/risk/blocklist.ts";
import type { Blocklist } from "#domain/risk/blocklist.port.ts";
import { ipKey, ipRange } from "#domain/risk/ip-range.ts";
import { sql } from "kysely";
import type { Tx } from "../db/database.ts";

/** Past this many entries the screen's total says 10,000 (nobody pages that far). */
const COUNT_CAP = 10_000;

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

/**
 * The blocklist (migrations 0033, 0035, 0045): values stored as typed (lowered), looked up by
 * (kind, matchKey), the key blockKey gives (an email by its mailbox, domain/shared/mailbox.ts); an
 * `ip` entry (an address or a CIDR range) by its first and last address (domain/risk/ip-range.ts).
 */
export function createBlocklist(db: Tx): Blocklist {
  return {
    async list({ limit, offset, kind }) {
      let query = db.selectFrom("blocklist");
      if (kind) query = query.where("kind", "=", kind);
      const rows = await query.selectAll().orderBy("createdAt", "desc").orderBy("id", "desc").limit(limit).offset(offset).execute();
      // At most COUNT_CAP + 1 rows counted, newest first through blocklist_created (as read-models/shared/bounded-count.ts).
      const found = query
        .select(sql<number>`1`.as("one"))
        .orderBy("createdAt", "desc")
        .limit(COUNT_CAP + 1);
      const total = await db
        .selectFrom(found.as("found"))
        .select((eb) => eb.fn.countAll<number | string>().as("n"))
        .executeTakeFirstOrThrow();
      return { entries: rows.map(entry), total: Math.min(COUNT_CAP, Number(total.n)) };
    },
    async byId(id) {
      const row = await db.selectFrom("blocklist").selectAll().where("id", "=", id).executeTakeFirst();
      return row ? entry(row) : null;
    },
    async add(block) {
      const range = block.kind === "ip" ? ipRange(block.value) : null;
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
          rangeStart: range?.start ?? null,
          rangeEnd: range?.end ?? null,
          matchKey: blockKey(block.kind, block.value),
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
      const keys = partyKeys(party).filter((key) => key.kind !== "ip");
      const address = party.ip ? ipKey(party.ip) : null;
      if (keys.length === 0 && !address) return false;
      const row = await db
        .selectFrom("blocklist")
        .select("id")
        .where((eb) =>
          eb.or([
            ...keys.map((key) => eb.and([eb("kind", "=", key.kind), eb("matchKey", "=", key.value)])),
            ...(address ? [eb.and([eb("kind", "=", "ip"), eb("rangeStart", "<=", address), eb("rangeEnd", ">=", address)])] : []),
          ]),
        )
        .where((eb) => eb.or([eb("expiresAt", "is", null), eb("expiresAt", ">", now.toISOString())]))
        .limit(1)
        .executeTakeFirst();
      return row !== undefined;
    },
  };
}
