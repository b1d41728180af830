import { Kysely, sql, SqliteAdapter } from "kysely";
import { Migrator } from "kysely/migration";
import { describe, expect, it } from "vitest";
import { migrationProvider } from "#adapters/db/migrations/index.ts";
import { RENAMED_TABLES } from "#adapters/db/migrations/0023-snake-case-tables.ts";
import { databaseForMigration } from "./helpers/migration-database.ts";
import { TEST_DATABASE } from "./helpers/test-app.ts";

const at = "2026-11-20T10:00:00.000Z";

/** Rows of every renamed table, as a store at 0020 holds them (old names). */
const OLD_ROWS: Record<string, Record<string, unknown>[]> = {
  supportConversations: [
    { id: "c1", visitorId: "v1", userId: null, orderId: null, email: "guest@example.com", status: "open", lastMessageSeq: 2, createdAt: at, updatedAt: at },
    { id: "c2", visitorId: "v2", userId: null, orderId: "o9", email: null, status: "closed", lastMessageSeq: 1, createdAt: at, updatedAt: at },
  ],
  supportMessages: [
    { id: "m1", conversationId: "c1", seq: 1, sender: "user", message: "Hello", createdAt: at },
    { id: "m2", conversationId: "c1", seq: 2, sender: "admin", message: "Hi, how can we help?", createdAt: at },
    { id: "m3", conversationId: "c2", seq: 1, sender: "user", message: "Thanks", createdAt: at },
  ],
  orderChats: [{ orderId: "o1", lastMessageSeq: 2, updatedAt: at }],
  orderMessages: [
    { id: "om1", orderId: "o1", seq: 1, sender: "user", message: "When?", createdAt: at },
    { id: "om2", orderId: "o1", seq: 2, sender: "admin", message: "Now", createdAt: at },
  ],
  rateLimitCounters: [
    { key: "chat:v1", windowStart: at, hits: 3 },
    { key: "sign-in:a@b.co", windowStart: at, hits: 1 },
  ],
  blogPosts: [
    {
      id: "b1",
      slug: "first",
      title: "First",
      excerpt: "E1",
      metaDescription: "M1",
      keywords: "k",
      author: "A",
      publishedAt: at,
      content: "<p>1</p>",
      featured: 1,
    },
    {
      id: "b2",
      slug: "second",
      title: "Second",
      excerpt: "E2",
      metaDescription: "M2",
      keywords: "",
      author: "B",
      publishedAt: at,
      content: "<p>2</p>",
      featured: 0,
    },
  ],
  itemRequests: [
    { id: "r1", gameId: "g1", itemName: "Dragon", email: "a@b.co", description: "please", createdAt: at, clientKey: "k1" },
    { id: "r2", gameId: "g1", itemName: "Leopard", email: "c@d.co", description: "", createdAt: at, clientKey: "" },
  ],
};

const keyOf = (table: string) => (table === "orderChats" ? "orderId" : table === "rateLimitCounters" ? "key" : "id");

async function rowsOf(db: Kysely<any>, table: string): Promise<Record<string, unknown>[]> {
  const column = keyOf(table.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase()));
  return db.selectFrom(table).selectAll().orderBy(column).execute();
}

async function tableNames(db: Kysely<any>): Promise<string[]> {
  return (await db.introspection.getTables()).map((t) => t.name);
}

/** Names of indexes, constraints and triggers that still start with a camelCase table's name. */
async function namesOfOldTables(db: Kysely<any>): Promise<string[]> {
  const old = RENAMED_TABLES.map(([from]) => from);
  const names =
    db.getExecutor().adapter instanceof SqliteAdapter
      ? (await sql<{ name: string }>`select name from sqlite_master where type in ('index', 'trigger')`.execute(db)).rows
      : (
          await sql<{ name: string }>`
            select indexname as name from pg_indexes where schemaname = current_schema()
            union all select conname from pg_constraint c join pg_namespace n on n.oid = c.connamespace where n.nspname = current_schema()
            union all select tgname from pg_trigger where not tgisinternal`.execute(db)
        ).rows;
  return names.map((r) => r.name).filter((name) => old.some((table) => name.startsWith(`${table}_`)));
}

describe(`migration 0023-snake-case-tables on ${TEST_DATABASE}`, () => {
  it("renames the camelCase tables to snake_case keeping every row, their keys, indexes and triggers, and back", async () => {
    const { db, migrateTo } = await databaseForMigration("shop-snake-case");

    // A store as it was before 0023, with rows in every table that is renamed.
    await migrateTo("0020-two-factor");
    await db.insertInto("games").values({ id: "g1", name: "Blox Fruits", slug: "blox-fruits", displayOrder: 0, createdAt: at }).execute();
    for (const [table, rows] of Object.entries(OLD_ROWS)) await db.insertInto(table).values(rows).execute();
    expect(await namesOfOldTables(db)).not.toEqual([]);

    // Up to 0023 itself: later migrations (0024 adds columns) are not this test's subject.
    const up = await new Migrator({ db, provider: migrationProvider }).migrateTo("0023-snake-case-tables");
    expect(up.error).toBeUndefined();
    expect(up.results?.map((r) => r.migrationName)).toContain("0023-snake-case-tables");

    const tables = await tableNames(db);
    for (const [from, to] of RENAMED_TABLES) {
      expect(tables).toContain(to);
      expect(tables).not.toContain(from);
      expect(await rowsOf(db, to)).toEqual(OLD_ROWS[from]);
    }
    // No index, constraint or trigger is still named after an old table.
    expect(await namesOfOldTables(db)).toEqual([]);
    // The foreign key followed its table: a message of no conversation is refused, a conversation's
    // deletion takes its messages with it.
    await expect(
      db.insertInto("support_messages").values({ id: "m9", conversationId: "nope", seq: 1, sender: "user", message: "x", createdAt: at }).execute(),
    ).rejects.toThrow();
    await db.deleteFrom("support_conversations").where("id", "=", "c2").execute();
    expect((await rowsOf(db, "support_messages")).map((r) => r["id"])).toEqual(["m1", "m2"]);
    // Unique keys still hold: the position of a message in its chat, a post's slug.
    await expect(
      db.insertInto("order_messages").values({ id: "om3", orderId: "o1", seq: 2, sender: "user", message: "again", createdAt: at }).execute(),
    ).rejects.toThrow();
    await expect(
      db
        .insertInto("blog_posts")
        .values({ ...OLD_ROWS["blogPosts"]![0], id: "b3" })
        .execute(),
    ).rejects.toThrow();
    // A blog post's change still moves the catalogue version (the content pages' cache, 0018).
    const version = async () => Number((await db.selectFrom("catalogue_version").select("version").executeTakeFirstOrThrow()).version);
    const before = await version();
    await db.updateTable("blog_posts").set({ title: "Edited" }).where("id", "=", "b1").execute();
    expect(await version()).toBeGreaterThan(before);

    // Down again: the old names, with the rows as they now are.
    const down = await new Migrator({ db, provider: migrationProvider, allowUnorderedMigrations: true }).migrateDown();
    expect(down.error).toBeUndefined();
    expect(down.results?.map((r) => r.migrationName)).toEqual(["0023-snake-case-tables"]);
    const back = await tableNames(db);
    for (const [from, to] of RENAMED_TABLES) {
      expect(back).toContain(from);
      expect(back).not.toContain(to);
    }
    expect((await rowsOf(db, "supportMessages")).map((r) => r["id"])).toEqual(["m1", "m2"]);
    expect(await rowsOf(db, "itemRequests")).toEqual(OLD_ROWS["itemRequests"]);
    expect((await namesOfOldTables(db)).sort()).toEqual(
      expect.arrayContaining(["supportConversations_user", "supportConversations_visitor", "supportConversations_activity"]),
    );
  });
});
