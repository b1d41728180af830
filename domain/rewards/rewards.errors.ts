import { DomainError } from "../shared/domain-error.ts";
import { formatCents, type Cents } from "../shared/money.ts";
import { POINTS_PER_CREDIT_DOLLAR } from "./points.ts";
import { ErrorCode } from "../shared/error-codes.ts";

export const notRedeemable = () =>
  new DomainError(
    "invalid",
    ErrorCode.pointsNotRedeemable,
    `Points are redeemed in whole multiples of ${POINTS_PER_CREDIT_DOLLAR} (${POINTS_PER_CREDIT_DOLLAR} points = $1.00)`,
  );
export const notEnoughPoints = (held: number, asked: number) =>
  new DomainError("conflict", ErrorCode.notEnoughPoints, `Not enough points: you have ${held} points and asked to redeem ${asked}`);
export const userNotFound = () => new DomainError("not_found", ErrorCode.userNotFound, "User not found");
export const storeCreditChanged = () =>
  new DomainError("conflict", ErrorCode.storeCreditChanged, "The store credit changed while it was being updated. Please try again.");
export const storeCreditLimit = (max: Cents) => new DomainError("invalid", ErrorCode.storeCreditLimit, `Store credit cannot be more than $${formatCents(max)}`);
export const invalidCreditAmount = () => new DomainError("invalid", ErrorCode.invalidCreditAmount, "Amount must be greater than 0");
export const notEnoughStoreCredit = () =>
  new DomainError("conflict", ErrorCode.notEnoughStoreCredit, "Your store credit changed and no longer covers this amount. Please review your order.");
/** Points of an account on hold since a chargeback: says what, not why. */
export const pointsOnHold = () =>
  new DomainError("conflict", ErrorCode.balanceOnHold, "Your points and store credit are on hold while we review your account. Please contact support.");
