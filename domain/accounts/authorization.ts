import { adminOnly, notSignedIn, notYours } from "./accounts.errors.ts";
import type { SessionUser } from "./user.ts";

/**
 * The permission rules every route uses (DESIGN.md: permissions are enforced on the server).
 * Each takes the current user, or null for a visitor, and throws the matching DomainError.
 */
export function assertSignedIn(user: SessionUser | null): SessionUser {
  if (!user) throw notSignedIn();
  return user;
}

/** Guests get 401, signed-in shoppers 403. */
export function assertAdmin(user: SessionUser | null): SessionUser {
  const signedIn = assertSignedIn(user);
  if (!signedIn.isAdmin) throw adminOnly();
  return signedIn;
}

/** The owner of a resource, or any administrator. A resource without an owner belongs to no shopper. */
export function assertOwnerOrAdmin(user: SessionUser | null, ownerUserId: string | null): SessionUser {
  const signedIn = assertSignedIn(user);
  if (!signedIn.isAdmin && signedIn.id !== ownerUserId) throw notYours();
  return signedIn;
}
