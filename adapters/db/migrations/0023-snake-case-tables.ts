import { sql, SqliteAdapter, type Kysely } from "kysely";

/**
 * One table casing (issue 16): the tables 0005 and 0006 created in camelCase are renamed to
 * snake_case like every other table of the store. better-auth's own tables (user, session,
 * account, verification, twoFactor, passkey) keep the names better-auth gives them.
 *
 * ALTER TABLE ... RENAME TO keeps every row on both databases, and both carry along what points at
 * the table (foreign keys of other tables, indexes, triggers). What the rename does not touch are
 * names that start with the old table name: indexes (supportConversations_user, ...), PostgreSQL's
 * constraints (blogPosts_pkey, supportMessages_position, ...) and the content-version triggers of
 * 0018 (blogPosts_..._bumps_catalogue_version); those are renamed here too, so no name in the
 * schema still spells a table the old way. On SQLite, whose constraint names live only in the
 * table's CREATE text, they stay as written (nothing refers to them by name).
 */
export const RENAMED_TABLES = [
  ["supportConversations", "support_conversations"],
  ["supportMessages", "support_messages"],
  ["orderChats", "order_chats"],
  ["orderMessages", "order_messages"],
  ["rateLimitCounters", "rate_limit_counters"],
  ["blogPosts", "blog_posts"],
  ["itemRequests", "item_requests"],
] as const;

/** The content pages' tables whose writes bump catalogue_version (0018's CONTENT_TABLES, renamed). */
export const CONTENT_TABLES = ["faqs", "blog_posts"] as const;

export async function up(db: Kysely<any>): Promise<void> {
  for (const [from, to] of RENAMED_TABLES) await renameTable(db, from, to);
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const [from, to] of RENAMED_TABLES) await renameTable(db, to, from);
}

async function renameTable(db: Kysely<any>, from: string, to: string): Promise<void> {
  await db.schema.alterTable(from).renameTo(to).execute();
  if (db.getExecutor().adapter instanceof SqliteAdapter) await renameSqliteNames(db, from, to);
  else await renamePostgresNames(db, from, to);
}

const startsWith = (name: string, table: string) => name.startsWith(`${table}_`);
const renamed = (name: string, from: string, to: string) => to + name.slice(from.length);

async function renameSqliteNames(db: Kysely<any>, from: string, to: string): Promise<void> {
  // SQLite has no ALTER INDEX / ALTER TRIGGER: each is dropped and created again from its own
  // CREATE text (which the table rename has already pointed at the new table), under the new name.
  const { rows } = await sql<{ type: "index" | "trigger"; name: string; sql: string }>`
    select type, name, sql from sqlite_master where tbl_name = ${to} and type in ('index', 'trigger') and sql is not null`.execute(db);
  for (const row of rows) {
    if (!startsWith(row.name, from)) continue;
    const newName = renamed(row.name, from, to);
    const created = row.sql.replace(new RegExp(`"${row.name}"|\\b${row.name}\\b`), `"${newName}"`);
    if (created === row.sql) throw new Error(`0023: could not rename ${row.type} ${row.name}`);
    await sql`drop ${sql.raw(row.type)} ${sql.id(row.name)}`.execute(db);
    await sql.raw(created).execute(db);
  }
}

// regclass reads a quoted name as written; unquoted, PostgreSQL would fold camelCase to lower case.
const quoted = (table: string) => `"${table}"`;

async function renamePostgresNames(db: Kysely<any>, from: string, to: string): Promise<void> {
  // Constraints first: renaming one that owns an index (primary key, unique) renames its index too.
  const constraints = await sql<{ name: string }>`
    select conname as name from pg_constraint where conrelid = ${quoted(to)}::regclass`.execute(db);
  for (const { name } of constraints.rows) {
    if (startsWith(name, from)) await sql`alter table ${sql.table(to)} rename constraint ${sql.id(name)} to ${sql.id(renamed(name, from, to))}`.execute(db);
  }
  const indexes = await sql<{ name: string }>`
    select indexname as name from pg_indexes where schemaname = current_schema() and tablename = ${to}`.execute(db);
  for (const { name } of indexes.rows) {
    if (startsWith(name, from)) await sql`alter index ${sql.id(name)} rename to ${sql.id(renamed(name, from, to))}`.execute(db);
  }
  const triggers = await sql<{ name: string }>`
    select tgname as name from pg_trigger where tgrelid = ${quoted(to)}::regclass and not tgisinternal`.execute(db);
  for (const { name } of triggers.rows) {
    if (startsWith(name, from)) await sql`alter trigger ${sql.id(name)} on ${sql.table(to)} rename to ${sql.id(renamed(name, from, to))}`.execute(db);
  }
}
