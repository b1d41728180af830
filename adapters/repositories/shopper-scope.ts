import type { Shopper } from "#domain/shared/shopper.ts";

/** The column and value that say "this row belongs to this shopper" in cart and wishlist tables. */
export function ownerColumn(shopper: Shopper): ["userId", string] | ["visitorId", string] {
  return shopper.kind === "user" ? ["userId", shopper.userId] : ["visitorId", shopper.visitorId];
}

export function ownerValues(shopper: Shopper): { userId: string | null; visitorId: string | null } {
  return shopper.kind === "user" ? { userId: shopper.userId, visitorId: null } : { userId: null, visitorId: shopper.visitorId };
}
