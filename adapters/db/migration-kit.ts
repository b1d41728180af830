import { SqliteAdapter, type ColumnDefinitionBuilder, type CreateTableBuilder, type Kysely, type RawBuilder } from "kysely";

/**
 * The migration kit: a table, its constraints and its indexes declared as data, so a migration reads
 * as the schema it adds (one line a column) instead of the same Kysely builder chain again and again.
 * It only calls Kysely's schema builder, so the statements are the ones the chains wrote; migrations
 * written before the kit build the same schema to the byte
 * (tests/integration/migrated-schema.db.test.ts).
 *
 * ```ts
 * await createTable(db, "refunds", {
 *   columns: {
 *     id: primaryKey("text"),
 *     orderId: text({ references: "orders.id", onDelete: "cascade" }),
 *     amountCents: integer({ check: sql`"amountCents" > 0` }),
 *     idempotencyKey: text.nullable(),
 *     createdAt: text(),
 *   },
 *   unique: { refunds_order_key: ["orderId", "idempotencyKey"] },
 *   indexes: { refunds_order: ["orderId", "createdAt"] },
 * });
 * ```
 *
 * Columns are NOT NULL unless declared `.nullable()`, the schema's usual case (a primary key column
 * writes no NOT NULL of its own, as SQL implies it). Timestamps are ISO-8601 UTC text and money
 * integer cents, as everywhere in the schema. It lives outside migrations/ so it is never taken for
 * a migration.
 */

// What migrations pass (Kysely<any>, see 0001); the kit reads no table types.
type Db = Kysely<unknown>;
type Engine = "sqlite" | "postgres";
/** A column type as Kysely's addColumn takes it ("text", "integer", ...). */
type DataTypeExpression = Parameters<CreateTableBuilder<string, string>["addColumn"]>[1];

interface ColumnOptions {
  default?: string | number;
  unique?: boolean;
  /** "table.column" */
  references?: `${string}.${string}`;
  onDelete?: "cascade";
  check?: RawBuilder<unknown>;
}

/** One column: its type on each engine and its modifiers. Made by the functions below, not by hand. */
export interface Column extends ColumnOptions {
  type: DataTypeExpression | ((engine: Engine) => DataTypeExpression);
  nullable?: boolean;
  primaryKey?: boolean;
  autoIncrement?: boolean;
}

export type Columns = Record<string, Column>;

function columnOf(type: Column["type"]) {
  return Object.assign((options: ColumnOptions = {}): Column => ({ type, ...options }), {
    nullable: (options: ColumnOptions = {}): Column => ({ type, ...options, nullable: true }),
  });
}

export const text = columnOf("text");
export const integer = columnOf("integer");
/** bigint on both engines (SQLite keeps the declared name; its integers are 64-bit anyway). */
export const bigint = columnOf("bigint");
/** A counter or a sum of cents that can outgrow 32 bits: bigint on PostgreSQL, integer (64-bit) on SQLite. */
export const wideInteger = columnOf((engine) => (engine === "sqlite" ? "integer" : "bigint"));
/** Raw bytes: blob on SQLite, bytea on PostgreSQL. */
export const bytes = columnOf((engine) => (engine === "sqlite" ? "blob" : "bytea"));

/** The table's key column (a composite key is the table's `primaryKey` option instead). */
export function primaryKey(type: Column["type"], options: Omit<ColumnOptions, "default" | "unique"> = {}): Column {
  return { type, ...options, primaryKey: true };
}

/**
 * A log position as key: ids the database hands out in insertion order, the replay order of a log
 * (events, audit entries, a payment's history). INTEGER PRIMARY KEY AUTOINCREMENT on SQLite (never
 * reused), bigserial on PostgreSQL.
 */
export function logPosition(): Column {
  return { type: (engine) => (engine === "sqlite" ? "integer" : "bigserial"), primaryKey: true, autoIncrement: true };
}

/** An index's columns, or its columns and `unique: true`. */
export type IndexSpec = readonly string[] | { columns: readonly string[]; unique: true };

export interface TableSpec {
  /** The columns, in the table's order. */
  columns: Columns;
  /** A composite primary key, named `<table>_pk`. */
  primaryKey?: readonly string[];
  /** Named CHECK constraints over several columns. */
  checks?: Record<string, RawBuilder<unknown>>;
  /** Named UNIQUE constraints over several columns. */
  unique?: Record<string, readonly string[]>;
  /** Indexes created with the table, by name. */
  indexes?: Record<string, IndexSpec>;
}

function engineOf(db: Db): Engine {
  return db.getExecutor().adapter instanceof SqliteAdapter ? "sqlite" : "postgres";
}

function define(column: Column, engine: Engine) {
  // Kysely writes a column's modifiers in one fixed order, whatever the order of these calls.
  return (c: ColumnDefinitionBuilder): ColumnDefinitionBuilder => {
    if (column.primaryKey) c = c.primaryKey();
    // PostgreSQL's bigserial is its own sequence: AUTOINCREMENT is SQLite's word.
    if (column.autoIncrement && engine === "sqlite") c = c.autoIncrement();
    if (!column.primaryKey && !column.nullable) c = c.notNull();
    if (column.default !== undefined) c = c.defaultTo(column.default);
    if (column.unique) c = c.unique();
    if (column.references) c = c.references(column.references);
    if (column.onDelete) c = c.onDelete(column.onDelete);
    if (column.check) c = c.check(column.check);
    return c;
  };
}

function typeOf(column: Column, engine: Engine): DataTypeExpression {
  return typeof column.type === "function" ? column.type(engine) : column.type;
}

/**
 * Creates a table: its columns in the order given, then its constraints (the composite primary key,
 * the checks, the unique constraints, each in the order given); then its indexes.
 */
export async function createTable(db: Db, table: string, options: TableSpec): Promise<void> {
  const engine = engineOf(db);
  let builder: CreateTableBuilder<string, string> = db.schema.createTable(table);
  for (const [name, column] of Object.entries(options.columns)) builder = builder.addColumn(name, typeOf(column, engine), define(column, engine));
  if (options.primaryKey) builder = builder.addPrimaryKeyConstraint(`${table}_pk`, [...options.primaryKey]);
  for (const [name, check] of Object.entries(options.checks ?? {})) builder = builder.addCheckConstraint(name, check);
  for (const [name, unique] of Object.entries(options.unique ?? {})) builder = builder.addUniqueConstraint(name, [...unique]);
  await builder.execute();
  if (options.indexes) await createIndexes(db, table, options.indexes);
}

/** Adds columns to an existing table, one statement each (SQLite adds one column per ALTER TABLE). */
export async function addColumns(db: Db, table: string, columns: Columns): Promise<void> {
  const engine = engineOf(db);
  for (const [name, column] of Object.entries(columns)) {
    await db.schema.alterTable(table).addColumn(name, typeOf(column, engine), define(column, engine)).execute();
  }
}

/** Creates plain (b-tree) indexes on a table's columns, by name. Expression and partial indexes stay SQL. */
export async function createIndexes(db: Db, table: string, indexes: Record<string, IndexSpec>): Promise<void> {
  for (const [name, spec] of Object.entries(indexes)) {
    const columns = "columns" in spec ? spec.columns : spec;
    const index = db.schema
      .createIndex(name)
      .on(table)
      .columns([...columns]);
    await ("unique" in spec ? index.unique() : index).execute();
  }
}
