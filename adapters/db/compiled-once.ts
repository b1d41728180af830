import type { Compilable, CompiledQuery, Kysely } from "kysely";
import { dialectOf, type Dialect } from "./database.ts";
import type { Database } from "./schema.ts";

/** What a parameter slot holds while the query is compiled: a text no caller's value can start with. */
const SLOT_MARK = "\u0000slot:";

type Slots<P extends string> = { readonly [K in P]: string };
type Parameter<P extends string> = { slot: P } | { value: unknown };

interface Template<P extends string> {
  query: CompiledQuery;
  parameters: readonly Parameter<P>[];
}

/**
 * A read query built and compiled once per SQL dialect and then run with new values. Building
 * Kysely's immutable query tree and compiling it to SQL cost more than SQLite's own run of a small
 * catalogue query (a game page makes three: docs/benchmarks.md, issue 22), and the result is the
 * same text every time; only the values change.
 *
 * `build` receives a stand-in text for each named slot and must use it only as a whole value (a
 * comparison's right side, an insert value), never inside a pattern or through a function of it:
 * the first compile checks that every slot came out as one whole parameter and throws otherwise. A
 * slot the query does not use is allowed (one slot list for several shapes of a query).
 */
export function compiledOnce<P extends string, R>(
  slotNames: readonly P[],
  build: (db: Kysely<Database>, slots: Slots<P>) => Compilable<R>,
): (db: Kysely<Database>, values: { readonly [K in P]: unknown }) => Promise<R[]> {
  const templates = new Map<Dialect, Template<P>>();
  const slots = Object.fromEntries(slotNames.map((name) => [name, SLOT_MARK + name])) as Slots<P>;

  function compile(db: Kysely<Database>): Template<P> {
    const query = build(db, slots).compile();
    const parameters = query.parameters.map((value): Parameter<P> => {
      if (typeof value !== "string" || !value.includes(SLOT_MARK)) return { value };
      const name = value.slice(SLOT_MARK.length) as P;
      if (!value.startsWith(SLOT_MARK) || !slotNames.includes(name)) throw new Error(`compiledOnce: slot used inside a value (${JSON.stringify(value)})`);
      return { slot: name };
    });
    return { query, parameters };
  }

  return async (db, values) => {
    const dialect = dialectOf(db);
    let template = templates.get(dialect);
    if (!template) templates.set(dialect, (template = compile(db)));
    const parameters = template.parameters.map((p) => ("slot" in p ? values[p.slot] : p.value));
    const { rows } = await db.executeQuery<R>({ ...template.query, parameters });
    return rows;
  };
}
