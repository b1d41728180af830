import { DomainError } from "../shared/domain-error.ts";
import { formatCents, type Cents } from "../shared/money.ts";
import { ErrorCode } from "../shared/error-codes.ts";

export const invalidDiscountCode = () => new DomainError("not_found", ErrorCode.invalidDiscountCode, "Invalid discount code");
export const discountCodeNotFound = () => new DomainError("not_found", ErrorCode.discountCodeNotFound, "Discount code not found");
export const discountNotStarted = () => new DomainError("invalid", ErrorCode.discountNotStarted, "This discount code is not active yet");
export const discountExpired = () => new DomainError("invalid", ErrorCode.discountExpired, "This discount code has expired");
export const discountUsedUp = () => new DomainError("conflict", ErrorCode.discountUsedUp, "This discount code has reached its usage limit");
export const minimumPurchaseRequired = (minimum: Cents) =>
  new DomainError("invalid", ErrorCode.minimumPurchase, `Minimum purchase of $${formatCents(minimum)} required`);
export const discountNotApplicable = () =>
  new DomainError("invalid", ErrorCode.discountNotApplicable, "This discount code does not apply to the items in your cart");
export const duplicateDiscountCode = (code: string) => new DomainError("conflict", ErrorCode.duplicateDiscountCode, `The discount code ${code} already exists`);
export const badDiscountDefinition = (message: string) => new DomainError("invalid", ErrorCode.badDiscountCode, message);
