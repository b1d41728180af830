import { createHmac, timingSafeEqual } from "node:crypto";
import { compiledOnce } from "#adapters/db/compiled-once.ts";
import { unplannedValue } from "#adapters/db/unplanned-value.ts";
import type { Db } from "#adapters/db/database.ts";

/** better-auth's session cookie (with the __Secure- prefix when the store is served over https). */
export const SESSION_COOKIE = "better-auth.session_token";

/**
 * The session token of a request's signed session cookie, checked as better-auth (better-call's
 * getSignedCookie) checks it: the cookie is "token.signature", the signature the 44-character base64
 * HMAC-SHA256 of the token with the auth secret. Null without the cookie or with a signature that is
 * not ours (an edited or forged cookie).
 */
export function signedSessionToken(cookieHeader: string | null, secret: string, secure: boolean): string | null {
  if (!cookieHeader) return null;
  const name = secure ? `__Secure-${SESSION_COOKIE}` : SESSION_COOKIE;
  let value: string | null = null;
  for (const part of cookieHeader.split(";")) {
    const index = part.indexOf("=");
    if (index > 0 && part.slice(0, index).trim() === name) {
      try {
        value = decodeURIComponent(part.slice(index + 1).trim());
      } catch {
        return null;
      }
      break;
    }
  }
  if (!value) return null;
  const dot = value.lastIndexOf(".");
  if (dot < 1) return null;
  const token = value.slice(0, dot);
  const signature = value.slice(dot + 1);
  if (signature.length !== 44 || !signature.endsWith("=")) return null;
  const expected = createHmac("sha256", secret).update(token).digest();
  const given = Buffer.from(signature, "base64");
  return given.length === expected.length && timingSafeEqual(given, expected) ? token : null;
}

/** A stored session with its user's fields, as better-auth's getSession answers them. */
export interface StoredSessionUser {
  session: { token: string; expiresAt: Date };
  user: {
    id: string;
    email: string;
    firstName: string | null;
    emailVerified: boolean | number | null;
    isAdmin: boolean | number | null;
    staffRole: string | null;
    twoFactorEnabled: boolean | number | null;
    robloxUsername: string | null;
    storeCredit: number | null;
    points: number | null;
    birthDate: string | null;
  };
}

/**
 * The session of `token` and its user, read in one indexed query (session.token is unique) every
 * time: a session deleted anywhere (signed out, ended from another device, a password change, a
 * staff role change, an account deleted) is not found by the next request. Null when there is none.
 * Expiry is the caller's to judge (better-auth deletes an expired session when it reads one).
 */
export async function findSessionUser(db: Db, token: string): Promise<StoredSessionUser | null> {
  const row = (await sessionWithUser(db, { token }))[0];
  if (!row) return null;
  const { token: found, expiresAt, ...user } = row;
  return { session: { token: found, expiresAt: new Date(expiresAt) }, user };
}

// Built and compiled once (compiledOnce): Kysely's building and compiling of this join cost about
// as much as SQLite's run of it, on every signed-in request; and planned once on SQLite
// (unplannedValue: planned anew on every run, the join cost 24 us instead of 4; docs/benchmarks.md).
const sessionWithUser = compiledOnce(["token"], (db, slot) =>
  db
    .selectFrom("session")
    .innerJoin("user", "user.id", "session.userId")
    .select([
      "session.token",
      "session.expiresAt",
      "user.id",
      "user.email",
      "user.firstName",
      "user.emailVerified",
      "user.isAdmin",
      "user.staffRole",
      "user.twoFactorEnabled",
      "user.robloxUsername",
      "user.storeCredit",
      "user.points",
      "user.birthDate",
    ])
    .where("session.token", "=", unplannedValue(db, slot.token)),
);

/**
 * Which of these session tokens no longer sign anyone in at `now`: deleted (signed out, ended from
 * another device, a password or role change) or expired. One indexed query per 500 tokens: the live
 * channel asks this of its streams at each heartbeat (src/server/live/live-hub.ts).
 */
export async function endedSessions(db: Db, tokens: readonly string[], now: Date): Promise<Set<string>> {
  const ended = new Set(tokens);
  for (let i = 0; i < tokens.length; i += 500) {
    const rows = await db
      .selectFrom("session")
      .select(["token", "expiresAt"])
      .where("token", "in", tokens.slice(i, i + 500))
      .execute();
    for (const row of rows) if (new Date(row.expiresAt).getTime() > now.getTime()) ended.delete(row.token);
  }
  return ended;
}
