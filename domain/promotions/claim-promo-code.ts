import type { Clock } from "../shared/clock.port.ts";
import { mailboxKey } from "../shared/mailbox.ts";
import type { IdGenerator } from "../shared/id-generator.port.ts";
import type { UnitOfWork } from "../shared/unit-of-work.port.ts";
import type { DiscountCode } from "./discount-code.ts";
import type { PromoCodeGenerator } from "./promo-claims.port.ts";
import type { PromoRepositories } from "./promo-repositories.port.ts";

/** The first-visit promo's offer (storefront.md: 20% off for an email address). */
export const PROMO_PERCENT = 20;
/** How long an emailed promo code can be used. */
export const PROMO_VALID_DAYS = 90;

/**
 * The promo dialog's submit: a single-use 20%-off code for this address, emailed to it. One code per
 * mailbox whatever is submitted again, in whatever spelling (t.4fraud+x@googlemail.com is
 * t4fraud@gmail.com's: issue 46): a repeat (or a concurrent duplicate) issues and sends nothing
 * and answers "already_issued"; the route answers both alike, so the answer does not tell whether an
 * address had claimed before. The code, its claim and its email are one transaction.
 */
export async function claimPromoCode(
  email: string,
  deps: { unitOfWork: UnitOfWork<PromoRepositories>; clock: Clock; ids: IdGenerator; codes: PromoCodeGenerator },
): Promise<"issued" | "already_issued"> {
  const now = deps.clock.now();
  const code: DiscountCode = {
    id: deps.ids.newId(),
    code: deps.codes.newCode(),
    type: "percentage",
    amount: PROMO_PERCENT,
    status: "active",
    startDate: null,
    endDate: new Date(now.getTime() + PROMO_VALID_DAYS * 24 * 60 * 60 * 1000),
    usageLimit: 1,
    usageCount: 0,
    minPurchase: null,
    appliesToGame: null,
    createdBy: "promo",
  };
  return deps.unitOfWork.run(async ({ discountCodes, promoClaims, mail }) => {
    if (!(await promoClaims.addIfNew({ email, mailbox: mailboxKey(email) }, code.id, now))) return "already_issued";
    await discountCodes.add(code, now);
    await mail.add({ template: "promo_code", to: email, data: { code: code.code, percentOff: PROMO_PERCENT } });
    return "issued";
  });
}
