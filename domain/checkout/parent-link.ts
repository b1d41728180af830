import type { CartLine } from "../cart/cart.ts";
import { DomainError } from "../shared/domain-error.ts";
import { ErrorCode } from "../shared/error-codes.ts";
import type { LimitCheck } from "../shared/rate-limit.ts";
import { mailboxKey } from "../shared/mailbox.ts";
import type { PreparedCheckout } from "./checkout.ts";

/**
 * A link a minor's prepared checkout sent to a parent: it pays that checkout, and only
 * it. The token itself is never held here: the repository keeps its hash and looks links up by it.
 */
export interface ParentLink {
  id: string;
  checkoutId: string;
  /** The child's account: the order is theirs. */
  userId: string;
  parentEmail: string;
  createdAt: Date;
  expiresAt: Date;
  declinedAt: Date | null;
}

/** Why a link pays nothing any more, or "open". */
export type ParentLinkState = "open" | "expired" | "declined" | "paid" | "replaced" | "cart_changed";

/**
 * The link's state at `now`, given its checkout and the child's cart as they are now. A checkout
 * paid is "paid" first (placing the order empties those cart lines); a checkout the child replaced
 * (a new prepare), or a cart that no longer holds exactly the checkout's items, ends the link: the
 * parent would otherwise pay for something the child no longer asks for.
 */
export function parentLinkState(link: ParentLink, checkout: PreparedCheckout | null, cart: readonly CartLine[], now: Date): ParentLinkState {
  if (checkout?.status === "completed") return "paid";
  if (link.declinedAt) return "declined";
  if (now.getTime() >= link.expiresAt.getTime()) return "expired";
  if (!checkout || checkout.status !== "prepared") return "replaced";
  return sameItems(checkout, cart) ? "open" : "cart_changed";
}

function sameItems(checkout: PreparedCheckout, cart: readonly CartLine[]): boolean {
  const want = new Map<string, number>();
  for (const item of checkout.items) want.set(item.productId, (want.get(item.productId) ?? 0) + item.quantity);
  const have = new Map<string, number>();
  for (const line of cart) have.set(line.productId, (have.get(line.productId) ?? 0) + line.quantity);
  return want.size === have.size && [...want].every(([productId, quantity]) => have.get(productId) === quantity);
}

/** What the pay page says when the link pays nothing (410). */
const ENDED: Record<Exclude<ParentLinkState, "open">, string> = {
  expired: "This payment link has expired, so nothing can be paid with it. They can send you a new one from their checkout.",
  declined: "This payment was declined, so nothing was charged. They can send you a new link if you change your mind.",
  paid: "This order has already been paid. Thank you!",
  replaced: "Their checkout changed after this link was sent, so it no longer pays anything. Nothing was charged.",
  cart_changed: "Their cart changed after this link was sent, so it no longer pays anything. Nothing was charged.",
};

export const parentLinkEnded = (state: Exclude<ParentLinkState, "open">) => new DomainError("gone", ErrorCode.parentLinkEnded, ENDED[state]);
export const parentLinkNotFound = () =>
  new DomainError("not_found", ErrorCode.parentLinkNotFound, "This payment link is not valid. Check that you opened the whole link from the email.");
export const notAMinor = () => new DomainError("conflict", ErrorCode.notAMinor, "Only an account under 18 asks a parent to pay. You can pay yourself.");
export const parentMustPay = () =>
  new DomainError("forbidden", ErrorCode.parentMustPay, "Accounts under 18 don't pay themselves: ask a parent to pay from your checkout.");
export const ownAddressRefused = () => new DomainError("invalid", ErrorCode.invalidInput, "Enter your parent's email address, not your own.");
export const tooManyParentLinks = (retryAfterSeconds: number) =>
  new DomainError("rate_limited", ErrorCode.parentLinksRateLimited, "Too many payment links sent. Please wait before sending another.", { retryAfterSeconds });

const HOUR = 60 * 60_000;
/**
 * Brakes on the parent's email, so it cannot be turned into a way of mailing anyone: per child
 * account 3 an hour and 5 a day, per parent mailbox (its spellings are one) 3 a day, per address 10 an hour.
 */
export function parentLinkChecks(who: { userId: string; parentEmail: string; clientIp: string | null }): LimitCheck[] {
  const checks: LimitCheck[] = [
    { key: `parent-link:user:${who.userId}`, limit: 3, windowMs: HOUR },
    { key: `parent-link:user-day:${who.userId}`, limit: 5, windowMs: 24 * HOUR },
    { key: `parent-link:mailbox:${mailboxKey(who.parentEmail)}`, limit: 3, windowMs: 24 * HOUR },
  ];
  if (who.clientIp) checks.push({ key: `parent-link:ip:${who.clientIp}`, limit: 10, windowMs: HOUR });
  return checks;
}
