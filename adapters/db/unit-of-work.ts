import type { Kysely, Transaction } from "kysely";
import type { UnitOfWork } from "#domain/shared/unit-of-work.port.ts";
import type { Database } from "./schema.ts";

/**
 * The one way a unit of work is made: `bind` builds the repositories a use case needs on the
 * transaction, and the work runs inside it (kept if it returns, rolled back if it throws).
 */
export function createUnitOfWork<R>(db: Kysely<Database>, bind: (trx: Transaction<Database>) => R): UnitOfWork<R> {
  return { run: (work) => db.transaction().execute((trx) => work(bind(trx))) };
}
