import { DomainError } from "../shared/domain-error.ts";
import { formatCents, type Cents } from "../shared/money.ts";

export const invalidDiscountCode = () => new DomainError("not_found", "invalid_discount_code", "Invalid discount code");
export const discountCodeNotFound = () => new DomainError("not_found", "discount_code_not_found", "Discount code not found");
export const discountNotStarted = () => new DomainError("invalid", "discount_not_started", "This discount code is not active yet");
export const discountExpired = () => new DomainError("invalid", "discount_expired", "This discount code has expired");
export const discountUsedUp = () => new DomainError("conflict", "discount_used_up", "This discount code has reached its usage limit");
export const minimumPurchaseRequired = (minimum: Cents) =>
  new DomainError("invalid", "minimum_purchase", `Minimum purchase of $${formatCents(minimum)} required`);
export const discountNotApplicable = () =>
  new DomainError("invalid", "discount_not_applicable", "This discount code does not apply to the items in your cart");
export const duplicateDiscountCode = (code: string) => new DomainError("conflict", "duplicate_discount_code", `The discount code ${code} already exists`);
export const badDiscountDefinition = (message: string) => new DomainError("invalid", "bad_discount_code", message);
