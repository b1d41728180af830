import type { PreparedCheckout } from "./checkout.ts";
import type { HoldChain } from "./hold-policy.ts";

/** Prepared checkouts and the stock holds that come with them. */
export interface CheckoutRepository {
  /**
   * Releases the user's current hold: their prepared checkouts become "replaced" and hold nothing.
   * A user has at most one prepared checkout at a time: until the unit of work ends, this user's
   * other prepares wait here.
   */
  replacePrepared(userId: string): Promise<void>;
  /**
   * The hold of the user's most recent checkout that did not become an order (prepared or replaced),
   * or null: what a new prepare continues (hold-policy.ts).
   */
  latestHold(userId: string): Promise<HoldChain | null>;
  /** Stores a prepared checkout with its items, and holds its items until it expires. */
  add(checkout: PreparedCheckout): Promise<void>;
  /** The user's prepared (not replaced, not completed) checkout, or null. */
  currentOf(userId: string): Promise<PreparedCheckout | null>;
  /** The checkout this payment was opened for, or null. */
  byPaymentId(paymentId: string): Promise<PreparedCheckout | null>;
  /** Records the payment `provider` opened for a checkout; false when it already has another one. */
  attachPayment(checkoutId: string, paymentId: string, provider: string): Promise<boolean>;
  /**
   * The provider declined this payment for good: the checkout forgets it (if it is still its
   * payment) and counts the attempt, so the next payment is a new one with a new request id.
   */
  detachPayment(checkoutId: string, paymentId: string): Promise<void>;
  /**
   * The provider declined a capture the buyer may retry (another funding source, same payment):
   * the attempt is counted so the next capture gets a new request id (a repeated request id would
   * be answered with the same decline).
   */
  countCaptureAttempt(checkoutId: string, paymentId: string): Promise<void>;
  /** The checkout of this id, in any status, or null. */
  byId(checkoutId: string): Promise<PreparedCheckout | null>;
  /**
   * Keeps a prepared checkout's units held until `until` (a parent's link is open): never
   * shortens a hold, and changes nothing on a checkout that is no longer prepared.
   */
  extendHold(checkoutId: string, until: Date): Promise<void>;
  /** Marks a paid checkout completed and releases its hold. */
  complete(checkoutId: string): Promise<void>;
}
