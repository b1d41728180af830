import { SESSION_EXPIRES_IN_SECONDS, SESSION_UPDATE_AGE_SECONDS } from "#adapters/auth/better-auth.ts";
import { staffSessionIdle } from "#domain/accounts/session-idle.ts";
import type { SessionUser } from "#domain/accounts/user.ts";
import { isStaffRole } from "#domain/accounts/staff-roles.ts";
import type { App } from "./app.ts";
import { hasSessionCookie } from "./session-cookie.ts";
import { findSessionUser, signedSessionToken } from "#adapters/auth/session-lookup.ts";

interface AuthUser {
  id: string;
  email: string;
  firstName?: string | null | undefined;
  emailVerified?: boolean | number | null | undefined;
  isAdmin?: boolean | number | null | undefined;
  staffRole?: string | null | undefined;
  twoFactorEnabled?: boolean | number | null | undefined;
  robloxUsername?: string | null | undefined;
  storeCredit?: number | null | undefined;
  points?: number | null | undefined;
  birthDate?: string | null | undefined;
}

export function toSessionUser(user: AuthUser): SessionUser {
  const isAdmin = user.isAdmin === true || user.isAdmin === 1;
  return {
    id: user.id,
    email: user.email,
    firstName: user.firstName ?? null,
    isAdmin,
    // An administrator from before roles (isAdmin without a role) is an owner, as they could do everything.
    staffRole: isAdmin ? (isStaffRole(user.staffRole) ? user.staffRole : "owner") : null,
    twoFactorEnabled: user.twoFactorEnabled === true || user.twoFactorEnabled === 1,
    emailVerified: user.emailVerified === true || user.emailVerified === 1,
    robloxUsername: user.robloxUsername ?? null,
    storeCredit: Number(user.storeCredit ?? 0),
    points: Number(user.points ?? 0),
    birthDate: user.birthDate ?? null,
  };
}

/**
 * The user of the session cookie in these headers, or null (no cookie, expired, revoked or, for
 * an administrator, idle session). The session is read without better-auth's refresh first, so
 * that its last refresh (expiry minus the 30 days) is still the time it was last used; an idle
 * administrator's session is deleted, and any other due refresh is then made as better-auth would.
 */
export async function readSessionUser(app: App, headers: Headers): Promise<SessionUser | null> {
  return readSessionUserOfCookie(app, headers.get("cookie"), () => headers);
}

/** The session token of a Cookie header's signed session cookie (null: none, or not signed by us). */
export function sessionTokenOfCookie(app: App, cookie: string | null): string | null {
  return signedSessionToken(cookie, app.secret, app.config.publicUrl.startsWith("https://"));
}

/**
 * readSessionUser from the Cookie header alone (the front's answers on node's own request,
 * node-pipeline.ts): `headers` is asked for only when better-auth reads the session itself (an
 * expired session, a refresh due).
 */
export async function readSessionUserOfCookie(app: App, cookie: string | null, headers: () => Headers): Promise<SessionUser | null> {
  if (!hasSessionCookie(cookie)) return null;
  // Every signed-in request reads its session (issue 33: the session and cart calls of each page
  // view): better-auth's getSession cost several times the lookup itself, so the signed cookie is
  // checked as better-auth checks it and the session and its user are read in one query, on every
  // request, uncached: a session ended anywhere is not found by the next request.
  const token = sessionTokenOfCookie(app, cookie);
  if (!token) return null;
  const found = await findSessionUser(app.db, token);
  if (!found) return null;
  // better-auth stamps sessions with the system clock, not the app's Clock port: compare like with like.
  const now = new Date();
  if (found.session.expiresAt.getTime() <= now.getTime()) {
    // Expired: better-auth's own read deletes it (and answers no session).
    await app.auth.api.getSession({ headers: headers(), query: { disableRefresh: true } });
    return null;
  }
  const user = toSessionUser(found.user);
  const lastRefreshed = new Date(new Date(found.session.expiresAt).getTime() - SESSION_EXPIRES_IN_SECONDS * 1000);
  if (user.isAdmin && staffSessionIdle(lastRefreshed, now, app.config.adminSessionIdleMs)) {
    await (await app.auth.$context).internalAdapter.deleteSession(found.session.token);
    return null;
  }
  if (now.getTime() - lastRefreshed.getTime() >= SESSION_UPDATE_AGE_SECONDS * 1000) await app.auth.api.getSession({ headers: headers() });
  return user;
}
