import { DomainError } from "../shared/domain-error.ts";
import { ErrorCode } from "../shared/error-codes.ts";

export const notEnoughStockToReopen = (name: string) =>
  new DomainError("conflict", ErrorCode.notEnoughStock, `Not enough stock of ${name} to reopen this order`);
/** A held order cannot be processed or completed before staff approve it (the risk module holds it: DeliveryHolds). */
export const orderHeldForReview = () =>
  new DomainError("conflict", ErrorCode.orderHeldForReview, "This order is held for a payment check: approve it in the Risk queue before delivering it.");
export const badDeliveryHours = (message: string) => new DomainError("invalid", ErrorCode.badDeliveryHours, message);
/** "I'm ready" and "Waiting for buyer" are for paid orders still owed a delivery. */
export const orderNotReadyable = () =>
  new DomainError("conflict", ErrorCode.orderNotReadyable, "This order is not waiting for a delivery any more, so there is nothing to be ready for.");
/** A delivered, cancelled or paid-back order has nothing left to cancel. */
export const orderNotCancellable = () =>
  new DomainError(
    "conflict",
    ErrorCode.orderNotCancellable,
    "This order can't be cancelled: it is delivered, cancelled or refunded already. Ask us in the order's chat.",
  );
export const noCancelRequest = () =>
  new DomainError("conflict", ErrorCode.noCancelRequest, "This order has no open cancel request: it was answered already, or never asked.");
