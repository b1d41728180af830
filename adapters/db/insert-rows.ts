import { CompiledQuery, type QueryResult } from "kysely";
import { dialectOf, type Dialect } from "./database.ts";

/** What insertRows needs of a Kysely instance or transaction, whatever its table types. */
export interface QueryRunner {
  executeQuery<O>(query: CompiledQuery<O>): Promise<QueryResult<O>>;
  getExecutor(): { readonly adapter: unknown };
}

/** A multi-row insert's shape: the same for every batch that writes the same table the same way. */
export interface RowsInsert {
  table: string;
  columns: readonly string[];
  /** The conflict target; without it a conflict is an error. */
  onConflict?: {
    key: readonly string[];
    /** Each updated column's new value as SQL (e.g. `excluded."count"`); none: do nothing. */
    set?: Readonly<Record<string, string>>;
  };
  returning?: readonly string[];
}

// Stay well under SQLite's 32,766 and PostgreSQL's 65,535 bind parameters per statement.
export const MAX_PARAMETERS = 30_000;
export const MAX_ROWS_PER_STATEMENT = 1000;

/** A double-quoted identifier (names come from code, never from a request). */
export const quoted = (name: string): string => `"${name.replaceAll('"', '""')}"`;

/**
 * Inserts `rows` (values in `shape.columns` order) with one statement per chunk, bound parameters
 * for every value, and answers the RETURNING rows. The SQL text is written here, once per shape and
 * row count, instead of by Kysely's builder, which parses and compiles each value of each row: in
 * the group-commit path of page views and in projection flushes, that cost more than SQLite's own
 * work. Portable: `?` placeholders on SQLite, `$n` on PostgreSQL, ON CONFLICT and RETURNING on both.
 */
export async function insertRows<R = Record<string, unknown>>(db: QueryRunner, shape: RowsInsert, rows: readonly (readonly unknown[])[]): Promise<R[]> {
  if (rows.length === 0) return [];
  const dialect = dialectOf(db);
  const perStatement = Math.max(1, Math.min(MAX_ROWS_PER_STATEMENT, Math.floor(MAX_PARAMETERS / shape.columns.length)));
  const returned: R[] = [];
  for (let start = 0; start < rows.length; start += perStatement) {
    const chunk = rows.slice(start, start + perStatement);
    const parameters: unknown[] = [];
    for (const row of chunk) for (const value of row) parameters.push(value);
    const result = await db.executeQuery<R>(CompiledQuery.raw(statementText(dialect, shape, chunk.length), parameters));
    returned.push(...result.rows);
  }
  return returned;
}

const texts = new WeakMap<RowsInsert, Map<string, string>>();

function statementText(dialect: Dialect, shape: RowsInsert, rowCount: number): string {
  let byCount = texts.get(shape);
  if (!byCount) texts.set(shape, (byCount = new Map()));
  const memo = `${dialect}:${rowCount}`;
  const known = byCount.get(memo);
  if (known) return known;

  const width = shape.columns.length;
  let n = 0;
  const placeholder = dialect === "postgres" ? () => `$${++n}` : () => "?";
  const values: string[] = [];
  for (let r = 0; r < rowCount; r++) values.push(`(${Array.from({ length: width }, placeholder).join(", ")})`);
  let text = `insert into ${quoted(shape.table)} (${shape.columns.map(quoted).join(", ")}) values ${values.join(", ")}`;
  if (shape.onConflict) {
    const set = Object.entries(shape.onConflict.set ?? {});
    text += ` on conflict (${shape.onConflict.key.map(quoted).join(", ")}) `;
    text += set.length === 0 ? "do nothing" : `do update set ${set.map(([column, value]) => `${quoted(column)} = ${value}`).join(", ")}`;
  }
  if (shape.returning?.length) text += ` returning ${shape.returning.map(quoted).join(", ")}`;
  // Shapes are module constants or few per table; row counts are at most the batch size.
  if (byCount.size < 2 * MAX_ROWS_PER_STATEMENT) byCount.set(memo, text);
  return text;
}
