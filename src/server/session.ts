import type { SessionUser } from "../../domain/accounts/user.ts";
import type { App } from "./app.ts";
import { hasSessionCookie } from "./session-cookie.ts";

interface AuthUser {
  id: string;
  email: string;
  firstName?: string | null | undefined;
  isAdmin?: boolean | number | null | undefined;
  robloxUsername?: string | null | undefined;
  storeCredit?: number | null | undefined;
  points?: number | null | undefined;
}

export function toSessionUser(user: AuthUser): SessionUser {
  return {
    id: user.id,
    email: user.email,
    firstName: user.firstName ?? null,
    isAdmin: user.isAdmin === true || user.isAdmin === 1,
    robloxUsername: user.robloxUsername ?? null,
    storeCredit: Number(user.storeCredit ?? 0),
    points: Number(user.points ?? 0),
  };
}

/** The user of the session cookie in these headers, or null (no cookie, expired or revoked session). */
export async function readSessionUser(app: App, headers: Headers): Promise<SessionUser | null> {
  if (!hasSessionCookie(headers.get("cookie"))) return null;
  const session = await app.auth.api.getSession({ headers });
  return session ? toSessionUser(session.user as AuthUser) : null;
}
