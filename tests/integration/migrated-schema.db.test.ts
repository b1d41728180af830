import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { sql, type Kysely } from "kysely";
import { Migrator, NO_MIGRATIONS } from "kysely/migration";
import { describe, expect, it } from "vitest";
import { dialectOf } from "#adapters/db/database.ts";
import { migrationProvider } from "#adapters/db/migrations/index.ts";
import { emptyDatabaseForMigration } from "./helpers/migration-database.ts";
import { TEST_DATABASE } from "./helpers/test-app.ts";

/**
 * The schema the migrations build, to the byte, against a recorded snapshot: a change to a migration
 * that has already run somewhere (a refactor, a helper of adapters/db/migration-kit.ts) must leave
 * the schema exactly as it was on both engines. On SQLite that is the CREATE text SQLite keeps for
 * every table, index and trigger; on PostgreSQL the catalogue: columns with their types, defaults
 * and nullability, index definitions, constraint definitions, triggers and functions.
 *
 * The snapshot is taken at the migration it names (`migratedTo`), so a new migration does not break
 * it. `RECORD_SCHEMA=1` records it anew at the newest migration: only do that when the schema is
 * meant to change (a new migration), never to make a refactor pass (CONTRIBUTING.md, "Migrations").
 */

const FIXTURE = join(dirname(fileURLToPath(import.meta.url)), "..", "fixtures", `schema-snapshot.${TEST_DATABASE}.json`);
const RECORD = process.env["RECORD_SCHEMA"] === "1";
// The migrator's own bookkeeping, not the store's schema.
const MIGRATOR_TABLES = ["kysely_migration", "kysely_migration_lock"];

interface Snapshot {
  migratedTo: string;
  schema: unknown[];
}

async function sqliteSchema(db: Kysely<any>): Promise<unknown[]> {
  const { rows } = await sql<{ type: string; name: string; tbl_name: string; sql: string | null }>`
    select type, name, tbl_name, sql from sqlite_master
    where tbl_name not in (${sql.join(MIGRATOR_TABLES)})
    order by type, tbl_name, name`.execute(db);
  return rows;
}

async function postgresSchema(db: Kysely<any>): Promise<unknown[]> {
  const exclude = sql.join(MIGRATOR_TABLES);
  const columns = await sql`
    select 'column' as kind, table_name, column_name, ordinal_position, data_type, udt_name, character_maximum_length,
           numeric_precision, column_default, is_nullable, is_identity, is_generated, generation_expression
    from information_schema.columns
    where table_schema = 'public' and table_name not in (${exclude})
    order by table_name, ordinal_position`.execute(db);
  const relations = await sql`
    select 'relation' as kind, c.relname as name, c.relkind::text as relkind
    from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where n.nspname = 'public' and c.relkind in ('r', 'v', 'm', 'S', 'p')
      and c.relname not in (${exclude}) and c.relname not like 'kysely_migration%'
    order by c.relname`.execute(db);
  const indexes = await sql`
    select 'index' as kind, tablename, indexname, indexdef from pg_indexes
    where schemaname = 'public' and tablename not in (${exclude})
    order by tablename, indexname`.execute(db);
  const constraints = await sql`
    select 'constraint' as kind, t.relname as table_name, con.conname, con.contype::text as contype,
           pg_get_constraintdef(con.oid) as definition
    from pg_constraint con join pg_class t on t.oid = con.conrelid join pg_namespace n on n.oid = t.relnamespace
    where n.nspname = 'public' and t.relname not in (${exclude})
    order by t.relname, con.conname`.execute(db);
  const triggers = await sql`
    select 'trigger' as kind, t.relname as table_name, tg.tgname, pg_get_triggerdef(tg.oid) as definition
    from pg_trigger tg join pg_class t on t.oid = tg.tgrelid join pg_namespace n on n.oid = t.relnamespace
    where n.nspname = 'public' and not tg.tgisinternal
    order by t.relname, tg.tgname`.execute(db);
  const functions = await sql`
    select 'function' as kind, p.proname, pg_get_function_identity_arguments(p.oid) as arguments, pg_get_functiondef(p.oid) as definition
    from pg_proc p join pg_namespace n on n.oid = p.pronamespace
    where n.nspname = 'public' and not exists (select from pg_depend d where d.objid = p.oid and d.deptype = 'e')
    order by p.proname, arguments`.execute(db);
  const views = await sql`
    select 'view' as kind, viewname, definition from pg_views where schemaname = 'public' order by viewname`.execute(db);
  const extensions = await sql`select 'extension' as kind, extname from pg_extension where extname <> 'plpgsql' order by extname`.execute(db);
  return [columns, relations, indexes, constraints, triggers, functions, views, extensions].flatMap((result) => result.rows);
}

const schemaOf = (db: Kysely<any>) => (dialectOf(db) === "sqlite" ? sqliteSchema(db) : postgresSchema(db));

describe(`the migrated schema on ${TEST_DATABASE}`, () => {
  it("is, to the byte, the recorded snapshot; and every migration goes down again to an empty database", async () => {
    const db = (await emptyDatabaseForMigration("shop-schema")) as unknown as Kysely<any>;
    const migrator = new Migrator({ db, provider: migrationProvider, allowUnorderedMigrations: true });
    const names = Object.keys(await migrationProvider.getMigrations()).sort();
    const recorded: Snapshot | null = !RECORD && existsSync(FIXTURE) ? (JSON.parse(readFileSync(FIXTURE, "utf8")) as Snapshot) : null;
    const target = recorded?.migratedTo ?? names.at(-1)!;

    const up = await migrator.migrateTo(target);
    expect(up.error).toBeUndefined();
    const schema = await schemaOf(db);
    expect(schema.length).toBeGreaterThan(100);

    if (recorded) {
      expect(schema).toEqual(recorded.schema);
    } else {
      mkdirSync(dirname(FIXTURE), { recursive: true });
      writeFileSync(FIXTURE, `${JSON.stringify({ migratedTo: target, schema } satisfies Snapshot, null, 2)}\n`);
    }

    // Each migration's down runs, newest first, and together they leave nothing behind but SQLite's
    // own table of AUTOINCREMENT counters (it cannot be dropped) and the pg_trgm extension (0026's
    // down leaves it installed).
    const down = await migrator.migrateTo(NO_MIGRATIONS);
    expect(down.error).toBeUndefined();
    expect(down.results?.map((r) => r.migrationName)).toEqual(names.filter((name) => name <= target).reverse());
    const left = (await schemaOf(db)) as { name?: string; kind?: string }[];
    expect(left.filter((row) => row.name !== "sqlite_sequence" && row.kind !== "extension")).toEqual([]);
  });
});
