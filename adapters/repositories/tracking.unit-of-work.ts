import type { Kysely } from "kysely";
import type { TrackingWork } from "#domain/analytics/tracking-work.port.ts";
import type { Clock } from "#domain/shared/clock.port.ts";
import type { UnitOfWork } from "#domain/shared/unit-of-work.port.ts";
import type { Database } from "../db/schema.ts";
import { createEventLog, type EventListener } from "./event-log.repository.ts";
import { createTrackedProducts } from "./tracked-products.repository.ts";
import { createTrackingRateLimiter } from "./tracking-rate-limiter.repository.ts";
import { createUnitOfWork } from "../db/unit-of-work.ts";

/** Tracking's rate-limit hit, event append and projections in one transaction. */
export function createTrackingUnitOfWork(db: Kysely<Database>, listeners: readonly EventListener[], clock: Clock): UnitOfWork<TrackingWork> {
  return createUnitOfWork(db, (trx) => ({
    events: createEventLog(trx, listeners),
    limiter: createTrackingRateLimiter(trx, clock),
    products: createTrackedProducts(trx),
  }));
}
