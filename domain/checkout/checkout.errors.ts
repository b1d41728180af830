import { DomainError } from "../shared/domain-error.ts";
import { formatCents, type Cents } from "../shared/money.ts";
import { ErrorCode } from "../shared/error-codes.ts";
import type { Compensation } from "./capture-compensation.ts";

export const missingInformation = () =>
  new DomainError("invalid", ErrorCode.missingInformation, "Missing Information: Please enter your Roblox username and email");
export const cartIsEmpty = () => new DomainError("invalid", ErrorCode.cartEmpty, "Cart is Empty: add an item before checking out");
export const notInYourCart = (id: string) => new DomainError("invalid", ErrorCode.notInCart, `Cart item ${id} is not in your cart`);
export const cartChanged = () => new DomainError("conflict", ErrorCode.cartChanged, "Your cart has changed. Please review your order and try again.");
export const productGone = (name: string) => new DomainError("conflict", ErrorCode.productGone, `${name} is no longer sold`);
export const discountChanged = (discount: Cents) =>
  new DomainError("conflict", ErrorCode.discountChanged, `The discount is $${formatCents(discount)}. Please review your order and try again.`);
export const totalMismatch = (total: Cents, claimed: Cents) =>
  new DomainError(
    "conflict",
    ErrorCode.totalMismatch,
    `The order total is $${formatCents(total)}, not $${formatCents(claimed)}. Please review your order and try again.`,
  );
export const noPreparedCheckout = () =>
  new DomainError("conflict", ErrorCode.noPreparedCheckout, "Your checkout is not ready for payment. Please review your order and try again.");
export const noPaymentNeeded = () =>
  new DomainError("conflict", ErrorCode.noPaymentNeeded, "Your store credit covers this order, so no payment is needed. Place the order instead.");
export const paymentNeeded = () => new DomainError("conflict", ErrorCode.paymentNeeded, "Your store credit does not cover this order. Please pay the rest.");
export const paymentNotFound = () => new DomainError("not_found", ErrorCode.paymentNotFound, "Payment not found");
export const checkoutReplaced = () =>
  new DomainError("conflict", ErrorCode.checkoutReplaced, "This payment belongs to an older checkout. Please review your order and pay again.");
/**
 * 402: no money was taken. `restartable`: the buyer can pick another funding source for the same
 * payment (the checkout calls PayPal's actions.restart()); otherwise paying again opens a new payment.
 */
export const paymentDeclined = (reason: string, restartable = false) =>
  new DomainError("payment_required", restartable ? ErrorCode.paymentDeclinedRestart : ErrorCode.paymentDeclined, `The payment was not completed: ${reason}`);

export const paymentAmountMismatch = () => new DomainError("conflict", ErrorCode.amountMismatch, "The payment amount did not match your order");

/**
 * Wraps a placement failure that happened after the money was taken: the payment was refunded, or
 * (a payment still under review, or a refund call that failed) will be as soon as the provider
 * allows; then the provider's error or refusal, when there was one, is the error's cause (logged).
 */
export function refunded(error: DomainError, compensation: Compensation = { done: "refunded" }): DomainError {
  const what = compensation.done === "refunded" ? "Your payment was refunded." : "Your payment will be refunded as soon as the payment provider releases it.";
  return new DomainError(error.kind, error.code, `${error.message}. ${what}`, { cause: compensation.done === "queued" ? compensation.cause : undefined });
}
/** 422 minor_monthly_limit: an under-18 account's checkout over the owner's monthly limit; `remaining` is what is left ("12.50"). */
export const minorMonthlyLimitReached = (remaining: Cents) =>
  new DomainError(
    "unprocessable",
    ErrorCode.minorMonthlyLimit,
    remaining > 0
      ? `This order is over the shop's monthly limit for accounts under 18: $${formatCents(remaining)} is left this month. Remove something from your cart and try again.`
      : "You have reached the shop's monthly limit for accounts under 18. You can order again next month.",
    { answer: { remaining: formatCents(remaining) } },
  );
