import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sql } from "kysely";
import { afterAll, describe, expect, it } from "vitest";
import { openSqlite } from "#adapters/db/database.ts";

const dir = mkdtempSync(join(tmpdir(), "shop-durability-"));
const db = openSqlite(`file:${join(dir, "shop.db")}`);
afterAll(async () => {
  await db.destroy();
  rmSync(dir, { recursive: true, force: true });
});

describe("SQLite durability (issue 17)", () => {
  it("synchronous=NORMAL could roll back the last committed orders on a power loss: the store opens SQLite with synchronous=FULL in WAL mode", async () => {
    const { rows } = await sql<{ synchronous: number }>`pragma synchronous`.execute(db);
    expect(rows[0]!.synchronous).toBe(2); // 0 OFF, 1 NORMAL, 2 FULL, 3 EXTRA
    const journal = await sql<{ journal_mode: string }>`pragma journal_mode`.execute(db);
    expect(journal.rows[0]!.journal_mode).toBe("wal");
  });
});
