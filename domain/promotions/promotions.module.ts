import { emailRequestChecks, tooManyEmailRequests } from "../accounts/attempt-limits.ts";
import type { AuditActor } from "../audit/audit-entry.ts";
import type { Audited } from "../audit/audit-log.port.ts";
import { auditedUnitOfWork, type AuditedChange } from "../audit/audited-unit-of-work.ts";
import type { Clock } from "../shared/clock.port.ts";
import type { IdGenerator } from "../shared/id-generator.port.ts";
import { enforceLimits } from "../shared/rate-limit.ts";
import type { RateLimiter } from "../shared/rate-limiter.port.ts";
import type { UnitOfWork } from "../shared/unit-of-work.port.ts";
import { claimPromoCode } from "./claim-promo-code.ts";
import type { PromoRepositories } from "./promo-repositories.port.ts";
import type { DiscountInput } from "./discount-code.ts";
import type { DiscountCodeRepository } from "./discount-code-repository.port.ts";
import { createDiscountCode, deleteDiscountCode, seedDiscountCodes, updateDiscountCode } from "./manage-discount-codes.ts";
import type { PromoCodeGenerator } from "./promo-claims.port.ts";

type Repositories = { discountCodes: DiscountCodeRepository } & Audited;

/** What the promotions module needs, bound once by the composition root. */
export interface PromotionsModuleDeps {
  /** Discount codes (and the audit trail) in one transaction. */
  unitOfWork: UnitOfWork<Repositories>;
  /** The promo dialog's code, its one-per-address claim and its email, in one transaction. */
  promoUnitOfWork: UnitOfWork<PromoRepositories>;
  promoCodes: PromoCodeGenerator;
  /** The promo dialog sends email: it is braked per address and recipient like the other email requests. */
  rateLimiter: RateLimiter;
  emailRequestsPerMinute: number;
  clock: Clock;
  ids: IdGenerator;
}

const findCode: AuditedChange<Repositories>["read"] = (r, id) => r.discountCodes.byId(id);
const createdId = (result: unknown): string => (result as { id: string }).id;

/**
 * The discount codes' use cases, ready to call: `app.promotions.createDiscountCode(input, admin)`.
 * An administrator's change is recorded in the audit trail in its own transaction, the rule
 * declared here; callers only say who the administrator is.
 */
export function createPromotionsModule(deps: PromotionsModuleDeps) {
  const { clock, ids } = deps;
  const audited = (actor: AuditActor, kind: AuditedChange<Repositories>["kind"], entityId: AuditedChange<Repositories>["entityId"]) =>
    auditedUnitOfWork(deps.unitOfWork, { actor, kind, entityId, read: findCode }, clock);
  return {
    /** The code is created by the administrator: `createdBy` is their email. */
    createDiscountCode: (input: DiscountInput, actor: AuditActor) =>
      createDiscountCode({ ...input, createdBy: actor.email }, { unitOfWork: audited(actor, "discount.create", createdId), clock, ids }),
    updateDiscountCode: (input: { id: string; changes: Partial<DiscountInput> }, actor: AuditActor) =>
      updateDiscountCode(input, { unitOfWork: audited(actor, "discount.update", input.id), clock }),
    deleteDiscountCode: (input: { id: string }, actor: AuditActor) => deleteDiscountCode(input, { unitOfWork: audited(actor, "discount.delete", input.id) }),
    /** The demo codes of a first start (not audited: nobody made them). */
    seedDiscountCodes: (codes: readonly DiscountInput[]) => seedDiscountCodes(codes, { unitOfWork: deps.unitOfWork, clock, ids }),
    /** The first-visit promo: a single-use code emailed to `email` (braked per address and recipient). */
    claimPromoCode: async (input: { email: string; clientIp: string }) => {
      await enforceLimits(deps.rateLimiter, emailRequestChecks("promo", input, deps.emailRequestsPerMinute), tooManyEmailRequests);
      return claimPromoCode(input.email, { unitOfWork: deps.promoUnitOfWork, clock, ids, codes: deps.promoCodes });
    },
  };
}

export type PromotionsModule = ReturnType<typeof createPromotionsModule>;
