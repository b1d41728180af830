import { readCookie } from "./visitor-cookie.ts";

/**
 * "Continue with Google" under Create account (issue 20): the ticked Terms and 13+ box has to
 * reach the account Google's callback creates, which is a navigation back from Google carrying
 * only cookies. This short-lived cookie carries the terms' version across that round trip.
 */
export const TERMS_COOKIE = "shop_terms";
const MAX_AGE_SECONDS = 15 * 60;

/** Set when the shopper starts the Google flow with the box ticked. Lax: sent on the top-level return from Google. */
export function termsAcceptedCookie(version: string, secure: boolean): string {
  return `${TERMS_COOKIE}=${encodeURIComponent(version)}; Max-Age=${MAX_AGE_SECONDS}; Path=/api/auth; HttpOnly; SameSite=Lax${secure ? "; Secure" : ""}`;
}

/** The terms' version the browser accepted before the Google flow, or null. */
export function acceptedTermsVersion(cookieHeader: string | null | undefined): string | null {
  return readCookie(cookieHeader ?? null, TERMS_COOKIE) || null;
}

/**
 * Whether better-auth may create an account on this path: a new account from Google's callback
 * only with the box ticked (the email sign-up checks it in its own route; staff invitations are
 * made by owners, not by this path).
 */
export function mayCreateAccount(path: string | undefined, cookieHeader: string | null | undefined): boolean {
  if (!path?.startsWith("/callback/")) return true;
  return acceptedTermsVersion(cookieHeader) !== null;
}
