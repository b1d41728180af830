import { assertOwnerOrAdmin, assertPermission, assertSignedIn, assertStaff } from "#domain/accounts/authorization.ts";
import type { Permission } from "#domain/accounts/staff-roles.ts";
import { twoFactorRequired } from "#domain/accounts/accounts.errors.ts";
import type { SessionUser } from "#domain/accounts/user.ts";
import type { RouteContext } from "./http.ts";

/**
 * The one line every route uses to ask "who is this, and may they do it?". Guests get 401,
 * signed-in users without the right 403 (the rules themselves live in domain/accounts).
 */
export async function requireUser(context: Pick<RouteContext, "locals">): Promise<SessionUser> {
  return assertSignedIn(await context.locals.currentUser());
}

/**
 * A staff member whose role includes `permission` (domain/accounts/staff-roles.ts): every admin
 * call names the one it needs, so a support agent reaches orders and chats and nothing that moves
 * money (issue 20).
 */
export async function requireAdmin(context: Pick<RouteContext, "locals">, permission: Permission): Promise<SessionUser> {
  const staff = assertPermission(await context.locals.currentUser(), permission);
  // STAFF_2FA=required: no admin call until the second factor is set up (enrolment is a user call).
  if (context.locals.app.config.staffTwoFactorRequired && !staff.twoFactorEnabled) throw twoFactorRequired();
  return staff;
}

/** Any staff member, for what is their own (the Notices menu's settings); the same second-factor rule as requireAdmin. */
export async function requireStaff(context: Pick<RouteContext, "locals">): Promise<SessionUser> {
  const staff = assertStaff(await context.locals.currentUser());
  if (context.locals.app.config.staffTwoFactorRequired && !staff.twoFactorEnabled) throw twoFactorRequired();
  return staff;
}

/** The owner of a resource (by user id) or an administrator. */
export async function requireOwnerOrAdmin(context: Pick<RouteContext, "locals">, ownerUserId: string | null): Promise<SessionUser> {
  return assertOwnerOrAdmin(await context.locals.currentUser(), ownerUserId);
}
