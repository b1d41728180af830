import { SESSION_EXPIRES_IN_SECONDS } from "#adapters/auth/better-auth.ts";
import { describeDevice } from "#domain/accounts/device.ts";
import { staffSessionIdle } from "#domain/accounts/session-idle.ts";
import type { SessionUser } from "#domain/accounts/user.ts";
import { DomainError } from "#domain/shared/domain-error.ts";
import { ErrorCode } from "#domain/shared/error-codes.ts";
import type { SessionView } from "#read-models/accounts/session.views.ts";
import { signOut } from "./auth-bridge.ts";
import type { RouteContext } from "./http.ts";

// The account's active sessions (issue 20), read and ended through better-auth's internal adapter
// rather than its /list-sessions and /revoke-session endpoints: /list-sessions refuses a session
// opened more than a day ago (its "fresh session" rule, meant for changing credentials), which
// would hide the list from anyone who stays signed in; the caller is authenticated by requireUser.

interface StoredSession {
  id: string;
  token: string;
  userAgent?: string | null | undefined;
  createdAt: Date | string;
  expiresAt: Date | string;
}

async function activeSessions(context: RouteContext, user: SessionUser): Promise<{ sessions: StoredSession[]; currentId: string | null }> {
  const { app } = context.locals;
  const auth = await app.auth.$context;
  const current = await app.auth.api.getSession({ headers: context.request.headers, query: { disableRefresh: true } });
  const now = new Date();
  const sessions = ((await auth.internalAdapter.listSessions(user.id)) as StoredSession[]).filter((s) => {
    if (new Date(s.expiresAt) <= now) return false;
    // A staff session idle past ADMIN_SESSION_IDLE is over (session.ts deletes it on its next use).
    return !user.isAdmin || !staffSessionIdle(lastSeen(s), now, app.config.adminSessionIdleMs);
  });
  return { sessions, currentId: current?.session.id ?? null };
}

/** When a session was last refreshed: its expiry less the 30 days every refresh sets it to (as session.ts reads it). */
function lastSeen(session: StoredSession): Date {
  return new Date(new Date(session.expiresAt).getTime() - SESSION_EXPIRES_IN_SECONDS * 1000);
}

/** The signed-in account's active sessions, this one first, then the most recently used. */
export async function listSessions(context: RouteContext, user: SessionUser): Promise<SessionView[]> {
  const { sessions, currentId } = await activeSessions(context, user);
  return sessions
    .map((s) => ({
      id: s.id,
      device: describeDevice(s.userAgent),
      signedInAt: new Date(s.createdAt).toISOString(),
      lastSeenAt: lastSeen(s).toISOString(),
      current: s.id === currentId,
    }))
    .sort((a, b) => Number(b.current) - Number(a.current) || b.lastSeenAt.localeCompare(a.lastSeenAt));
}

/**
 * Ends one of the signed-in account's sessions (another account's id is not found). Ending this
 * one signs out: the answer is the Set-Cookie headers that clear the cookie, else none.
 */
export async function endSession(context: RouteContext, user: SessionUser, sessionId: string): Promise<string[]> {
  const { sessions, currentId } = await activeSessions(context, user);
  const session = sessions.find((s) => s.id === sessionId);
  if (!session) throw new DomainError("not_found", ErrorCode.sessionNotFound, "This session has already ended");
  if (session.id === currentId) return signOut(context);
  await (await context.locals.app.auth.$context).internalAdapter.deleteSession(session.token);
  return [];
}
