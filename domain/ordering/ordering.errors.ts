import { DomainError } from "../shared/domain-error.ts";
import { formatCents, type Cents } from "../shared/money.ts";

export const missingInformation = () =>
  new DomainError("invalid", "missing_information", "Missing Information: Please enter your Roblox username and email");
export const cartIsEmpty = () => new DomainError("invalid", "cart_empty", "Cart is Empty: add an item before checking out");
export const notInYourCart = (id: string) => new DomainError("invalid", "not_in_cart", `Cart item ${id} is not in your cart`);
export const cartChanged = () =>
  new DomainError("conflict", "cart_changed", "Your cart has changed. Please review your order and try again.");
export const productGone = (name: string) => new DomainError("conflict", "product_gone", `${name} is no longer sold`);
export const discountChanged = (discount: Cents) =>
  new DomainError("conflict", "discount_changed", `The discount is $${formatCents(discount)}. Please review your order and try again.`);
export const totalMismatch = (total: Cents, claimed: Cents) =>
  new DomainError("conflict", "total_mismatch", `The order total is $${formatCents(total)}, not $${formatCents(claimed)}. Please review your order and try again.`);
export const noPreparedCheckout = () =>
  new DomainError("conflict", "no_prepared_checkout", "Your checkout is not ready for payment. Please review your order and try again.");
export const noPaymentNeeded = () =>
  new DomainError("conflict", "no_payment_needed", "Your store credit covers this order, so no payment is needed. Place the order instead.");
export const paymentNeeded = () =>
  new DomainError("conflict", "payment_needed", "Your store credit does not cover this order. Please pay the rest.");
export const paymentNotFound = () => new DomainError("not_found", "payment_not_found", "Payment not found");
export const checkoutReplaced = () =>
  new DomainError("conflict", "checkout_replaced", "This payment belongs to an older checkout. Please review your order and pay again.");
/**
 * 402: no money was taken. `restartable`: the buyer can pick another funding source for the same
 * payment (the checkout calls PayPal's actions.restart()); otherwise paying again opens a new payment.
 */
export const paymentDeclined = (reason: string, restartable = false) =>
  new DomainError("payment_required", restartable ? "payment_declined_restart" : "payment_declined", `The payment was not completed: ${reason}`);
export const orderNotFound = () => new DomainError("not_found", "order_not_found", "Order not found");
export const orderChangedMeanwhile = () =>
  new DomainError("conflict", "order_changed", "The order was changed by someone else. Please reload and try again.");
export const notEnoughStockToReopen = (name: string) =>
  new DomainError("conflict", "not_enough_stock", `Not enough stock of ${name} to reopen this order`);

/**
 * Wraps a placement failure that happened after the money was taken: the payment was refunded, or
 * (a payment still under review, or a refund call that failed) will be as soon as the provider allows.
 */
export function refunded(error: DomainError, done: "refunded" | "queued" = "refunded"): DomainError {
  const what = done === "refunded" ? "Your payment was refunded." : "Your payment will be refunded as soon as the payment provider releases it.";
  return new DomainError(error.kind, error.code, `${error.message}. ${what}`);
}
