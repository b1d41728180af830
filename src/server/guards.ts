import { assertAdmin, assertOwnerOrAdmin, assertSignedIn } from "../../domain/accounts/authorization.ts";
import type { SessionUser } from "../../domain/accounts/user.ts";
import type { RouteContext } from "./http.ts";

/**
 * The one line every route uses to ask "who is this, and may they do it?". Guests get 401,
 * signed-in users without the right 403 (the rules themselves live in domain/accounts).
 */
export async function requireUser(context: Pick<RouteContext, "locals">): Promise<SessionUser> {
  return assertSignedIn(await context.locals.currentUser());
}

export async function requireAdmin(context: Pick<RouteContext, "locals">): Promise<SessionUser> {
  return assertAdmin(await context.locals.currentUser());
}

/** The owner of a resource (by user id) or an administrator. */
export async function requireOwnerOrAdmin(context: Pick<RouteContext, "locals">, ownerUserId: string | null): Promise<SessionUser> {
  return assertOwnerOrAdmin(await context.locals.currentUser(), ownerUserId);
}
