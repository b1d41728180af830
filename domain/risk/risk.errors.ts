import { DomainError } from "../shared/domain-error.ts";
import { ErrorCode } from "../shared/error-codes.ts";

/** A decision on an order that is not (or no longer) held: someone decided meanwhile. */
export const orderNotHeld = () => new DomainError("conflict", ErrorCode.orderNotHeld, "This order is not waiting for a payment check.");
/** A blocked party's checkout: the message does not say which entry matched, nor that there is a list. */
export const checkoutRefused = () =>
  new DomainError("forbidden", ErrorCode.checkoutRefused, "We can't take this order. Please contact support if you think this is a mistake.");
export const blockNotFound = () => new DomainError("not_found", ErrorCode.blockNotFound, "Blocklist entry not found");
/**
 * Store credit or points of an account frozen since a chargeback: the message says the balance is
 * on hold and what the shopper can do, not why. A conflict (409), like a balance spent meanwhile, so
 * that a payment already taken when it is found (the order's placement) is refunded.
 */
export const balanceOnHold = () =>
  new DomainError(
    "conflict",
    ErrorCode.balanceOnHold,
    "Your store credit and points are on hold while we review your account. You can pay the full amount with PayPal, or contact support.",
  );
export const accountNotFrozen = () => new DomainError("conflict", ErrorCode.accountNotFrozen, "This account's balance is not on hold.");
