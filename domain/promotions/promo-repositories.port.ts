import type { MailOutbox } from "../mail/mail-outbox.port.ts";
import type { DiscountCodeRepository } from "./discount-code-repository.port.ts";
import type { PromoClaims } from "./promo-claims.port.ts";

/** What claiming a promo code needs inside one transaction: the code, its claim and its email commit together. */
export interface PromoRepositories {
  discountCodes: Pick<DiscountCodeRepository, "add">;
  promoClaims: PromoClaims;
  mail: MailOutbox;
}
