import { adminOnly, missingPermission, notSignedIn, notYours } from "./accounts.errors.ts";
import { PERMISSIONS, roleAllows, type Permission } from "./staff-roles.ts";
import type { SessionUser } from "./user.ts";

/**
 * The permission rules every route uses (DESIGN.md: permissions are enforced on the server).
 * Each takes the current user, or null for a visitor, and throws the matching DomainError.
 */
export function assertSignedIn(user: SessionUser | null): SessionUser {
  if (!user) throw notSignedIn();
  return user;
}

/**
 * A staff member whose role includes the permission: guests get 401, shoppers 403 (admin only),
 * staff whose role lacks it 403 naming the permission (issue 20).
 */
export function assertPermission(user: SessionUser | null, permission: Permission): SessionUser {
  const signedIn = assertSignedIn(user);
  if (!signedIn.isAdmin) throw adminOnly();
  const role = signedIn.staffRole ?? "owner";
  if (!roleAllows(role, permission)) throw missingPermission(role, permission, PERMISSIONS[permission]);
  return signedIn;
}

/** Any staff member, whatever their role (their own panel settings): guests 401, shoppers 403. */
export function assertStaff(user: SessionUser | null): SessionUser {
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
