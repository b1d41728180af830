import { DomainError } from "../shared/domain-error.ts";
import { ADDRESS_CEILING_FACTOR, type LimitCheck } from "../shared/rate-limit.ts";
import { ErrorCode } from "../shared/error-codes.ts";

/**
 * Holds that cannot be hoarded (issue 17, OWASP OAT-021 "denial of inventory"). A prepared
 * checkout keeps its units from other shoppers for a while; without limits one free account took
 * the whole catalogue off sale by preparing carts it never paid for, again and again.
 */
export interface HoldCaps {
  /** Units of one product a checkout may hold. */
  maxUnitsPerProduct: number;
  /** Units one shopper may hold in all (a shopper has one prepared checkout at a time). */
  maxUnitsHeld: number;
}

/** How many times a new prepare may restart the clock of a hold that is still running. */
export const MAX_HOLD_RENEWALS = 3;

/** The run of holds a shopper's prepares make, one replacing the other. */
export interface HoldChain {
  holdStartedAt: Date;
  holdRenewals: number;
  expiresAt: Date;
}

/**
 * The hold of a new prepare, given the shopper's previous one (null: none, or it ended in an order).
 * A prepare while the previous hold runs, or within one hold's length after it ended, continues
 * the chain; each continuation restarts the clock only MAX_HOLD_RENEWALS times, then keeps the
 * chain's end, so one shopper holds units for at most (1 + MAX_HOLD_RENEWALS) hold lengths and then
 * holds nothing for at least one. A checkout without a hold can still be paid: the capture checks
 * availability again (assertStillAvailable).
 */
export function nextHold(previous: HoldChain | null, now: Date, holdMs: number): HoldChain {
  const continues = previous !== null && now.getTime() < previous.expiresAt.getTime() + holdMs;
  if (!continues) return { holdStartedAt: now, holdRenewals: 0, expiresAt: new Date(now.getTime() + holdMs) };
  const holdRenewals = previous.holdRenewals + 1;
  if (holdRenewals > MAX_HOLD_RENEWALS) return { holdStartedAt: previous.holdStartedAt, holdRenewals, expiresAt: previous.expiresAt };
  return { holdStartedAt: previous.holdStartedAt, holdRenewals, expiresAt: new Date(now.getTime() + holdMs) };
}

/** Refuses lines over the caps, with a message that says what to change. */
export function assertWithinHoldCaps(lines: readonly { productName: string; quantity: number }[], caps: HoldCaps): void {
  for (const line of lines) {
    if (line.quantity > caps.maxUnitsPerProduct) throw tooManyOfOneProduct(line.productName, caps.maxUnitsPerProduct);
  }
  const total = lines.reduce((sum, line) => sum + line.quantity, 0);
  if (total > caps.maxUnitsHeld) throw tooManyUnits(caps.maxUnitsHeld, total);
}

/** Prepares one account (and one address, five times that) may make a minute. */
export function prepareChecks(who: { userId: string; clientIp: string | null }, perMinute: number): LimitCheck[] {
  const checks: LimitCheck[] = [{ key: `checkout-prepare:user:${who.userId}`, limit: perMinute, windowMs: 60_000 }];
  if (who.clientIp) checks.push({ key: `checkout-prepare:ip:${who.clientIp}`, limit: perMinute * ADDRESS_CEILING_FACTOR, windowMs: 60_000 });
  return checks;
}

export const tooManyOfOneProduct = (productName: string, max: number) =>
  new DomainError(
    "conflict",
    ErrorCode.holdCapPerProduct,
    `You can buy at most ${max} of ${productName} in one order. Please lower the quantity in your cart.`,
  );

export const tooManyUnits = (max: number, total: number) =>
  new DomainError(
    "conflict",
    ErrorCode.holdCapTotal,
    `One order can hold at most ${max} items and your cart has ${total}. Please remove some items and buy them in another order.`,
  );

export const preparingTooFast = (retryAfterSeconds: number) =>
  new DomainError("rate_limited", ErrorCode.prepareRateLimited, "Too many checkout attempts. Please wait a minute and try again.", { retryAfterSeconds });
