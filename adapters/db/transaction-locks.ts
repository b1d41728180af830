import { sql, type Kysely, type SelectQueryBuilder } from "kysely";
import { dialectOf, type Tx } from "./database.ts";
import type { Database } from "./schema.ts";

// SQLite runs one write transaction at a time (in every process: the file lock), so a unit of work
// that reads and then writes sees no concurrent writer and needs no lock. PostgreSQL at READ
// COMMITTED runs them side by side; these helpers give such units the same "one at a time"
// where it matters, and are no-ops on SQLite. Locks last until the transaction ends.

/**
 * Serialises every transaction that takes the lock of this name (a transaction-scoped advisory lock;
 * the name is hashed to PostgreSQL's lock key space, so two names may share a key: harmless, they
 * just wait for each other).
 */
export async function lockName(trx: Tx, name: string): Promise<void> {
  if (dialectOf(trx) === "sqlite") return;
  await sql`select pg_advisory_xact_lock(hashtext(${name}))`.execute(trx);
}

/**
 * Locks these products' rows (SELECT ... FOR UPDATE), in id order so that two transactions locking
 * overlapping sets never deadlock. Run it as its own statement BEFORE reading what the lock
 * protects: at READ COMMITTED the next statement then sees everything committed by the previous
 * holder (a lock taken by the reading statement itself would leave its sub-selects on the older
 * snapshot).
 */
export async function lockProducts(trx: Tx, productIds: readonly string[]): Promise<void> {
  if (dialectOf(trx) === "sqlite" || productIds.length === 0) return;
  const ids = [...new Set(productIds)].sort();
  await trx.selectFrom("products").select("id").where("id", "in", ids).orderBy("id").forUpdate().execute();
}

/**
 * The rows `query` selects, less those another transaction holds, locked until this statement's
 * transaction ends (PostgreSQL: FOR UPDATE SKIP LOCKED): housekeeping that deletes them never waits,
 * so it can never be part of a deadlock. On SQLite (one writer at a time) the query as it is.
 */
export function skippingLockedRows<DB, TB extends keyof DB, O>(db: Kysely<Database>, query: SelectQueryBuilder<DB, TB, O>): SelectQueryBuilder<DB, TB, O> {
  return dialectOf(db) === "sqlite" ? query : query.forUpdate().skipLocked();
}
