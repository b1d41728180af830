import type { AuditActor } from "../audit/audit-entry.ts";
import { auditedFields, auditedUnitOfWork } from "../audit/audited-unit-of-work.ts";
import type { Clock } from "../shared/clock.port.ts";
import type { IdGenerator } from "../shared/id-generator.port.ts";
import type { UnitOfWork } from "../shared/unit-of-work.port.ts";
import { moderateRating } from "./moderate-rating.ts";
import { rateOrder } from "./rate-order.ts";
import type { RatingDecision } from "./rating.ts";
import type { RatingsRepositories } from "./ratings-repositories.port.ts";

export interface RatingsModuleDeps {
  /** Ratings, the orders they are about and the audit trail in one transaction. */
  unitOfWork: UnitOfWork<RatingsRepositories>;
  ids: IdGenerator;
  clock: Clock;
}

/**
 * Ratings from buyers, ready to call: `app.ratings.rateOrder(input)`. Moderation is a staff change:
 * audited in its own transaction, with the staff member as actor (status and reply before and after).
 */
export function createRatingsModule(deps: RatingsModuleDeps) {
  const { ids, clock } = deps;
  const findRating = auditedFields((r: RatingsRepositories, id: string) => r.ratings.findById(id), ["status", "reply"]);
  return {
    rateOrder: (input: { orderId: string; userId: string; productId: string; stars: number; comment: string | null | undefined }) =>
      rateOrder(input, { unitOfWork: deps.unitOfWork, ids, clock }),
    moderateRating: (input: { ratingId: string; status: RatingDecision; reply: string | null | undefined }, actor: AuditActor) =>
      moderateRating(
        { ...input, adminId: actor.id },
        {
          unitOfWork: auditedUnitOfWork(deps.unitOfWork, { actor, kind: "rating.moderate", entityId: input.ratingId, read: findRating }, clock),
          clock,
        },
      ),
  };
}

export type RatingsModule = ReturnType<typeof createRatingsModule>;
