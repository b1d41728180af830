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
export const duplicateDiscountCode = (code: string) => {
  const message = `The discount code ${code} already exists`;
  return new DomainError("conflict", ErrorCode.duplicateDiscountCode, message, { fields: { code: message } });
};
/** `field`: the definition's field the message is about, so the admin's form shows it there. */
export const badDiscountDefinition = (message: string, field: "code" | "amount" | "endDate" | "usageLimit" | "minPurchase") =>
  new DomainError("invalid", ErrorCode.badDiscountCode, message, { fields: { [field]: message } });
