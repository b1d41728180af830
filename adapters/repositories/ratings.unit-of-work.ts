import type { Kysely } from "kysely";
import type { RatingsRepositories } from "#domain/ratings/ratings-repositories.port.ts";
import type { UnitOfWork } from "#domain/shared/unit-of-work.port.ts";
import type { Database } from "../db/schema.ts";
import { createUnitOfWork } from "../db/unit-of-work.ts";
import { createAuditLog } from "./audit-log.repository.ts";
import { createRatableOrders, createRatingRepository } from "./rating.repository.ts";

/** The ratings, the orders they are about and the audit trail, bound to one transaction. */
export function createRatingsUnitOfWork(db: Kysely<Database>): UnitOfWork<RatingsRepositories> {
  return createUnitOfWork(db, (trx) => ({ ratings: createRatingRepository(trx), orders: createRatableOrders(trx), audit: createAuditLog(trx) }));
}
