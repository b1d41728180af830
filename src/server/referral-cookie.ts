import { readCookie } from "#adapters/auth/visitor-cookie.ts";
import { parseReferralCode } from "#domain/rewards/referral.ts";

/** Remembers the referral code of a `?ref=CODE` visit until the visitor registers. */
export const REFERRAL_COOKIE = "shop_ref";
const THIRTY_DAYS_SECONDS = 60 * 60 * 24 * 30;

/**
 * The Set-Cookie for a page visit with a well-formed `?ref=CODE` (the latest link visited wins), or
 * null. Malformed codes are not stored; whether the code belongs to anyone is checked at
 * registration, so this needs no database.
 */
export function referralCookieForVisit(method: string, query: URLSearchParams, secure: boolean): string | null {
  if (method !== "GET") return null;
  const code = parseReferralCode(query.get("ref"));
  if (!code) return null;
  return `${REFERRAL_COOKIE}=${code}; Path=/; Max-Age=${THIRTY_DAYS_SECONDS}; HttpOnly; SameSite=Lax${secure ? "; Secure" : ""}`;
}

/** The remembered referral code (raw; the use case validates it), or undefined. */
export function referralCodeFromCookie(request: Request): string | undefined {
  return readCookie(request.headers.get("cookie"), REFERRAL_COOKIE);
}

/** Forgets the remembered code once it has been used. */
export function clearReferralCookie(secure: boolean): string {
  return `${REFERRAL_COOKIE}=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax${secure ? "; Secure" : ""}`;
}
