/**
 * Who owns a cart or a wishlist: a signed-in user, or a guest known only by the visitor id of their
 * signed cookie. A signed-in shopper's things always belong to the user, never to the visitor id.
 */
export type Shopper = { kind: "user"; userId: string } | { kind: "visitor"; visitorId: string };

export function shopperOf(userId: string | null, visitorId: string): Shopper {
  return userId ? { kind: "user", userId } : { kind: "visitor", visitorId };
}

/** The user id for events and holds, or null for a guest. */
export function userIdOf(shopper: Shopper): string | null {
  return shopper.kind === "user" ? shopper.userId : null;
}
