/**
 * Moves what a guest (identified by their visitor cookie) had into the account they just signed
 * in to: cart lines, wishlist items, support conversations. Each module that keeps guest data
 * provides one. Must be idempotent (a second call finds nothing left to move) and must merge, not
 * duplicate: a product in both carts becomes one line.
 */
export interface GuestDataMerger {
  readonly name: string;
  mergeGuestIntoUser(visitorId: string, userId: string): Promise<void>;
}
