import { readCookie } from "./visitor-cookie.ts";

/**
 * The consent banner's answer (issue 20), set by the browser itself (src/lib/analytics-consent.ts):
 * "granted" or "denied". Only "granted" lets page views carry the visitor id. Not HttpOnly: the
 * banner reads it to know whether to show itself, and pages are cached identically for everyone.
 */
export const ANALYTICS_CONSENT_COOKIE = "shop_analytics";

export function analyticsConsentFrom(cookieHeader: string | null | undefined): boolean {
  return readCookie(cookieHeader ?? null, ANALYTICS_CONSENT_COOKIE) === "granted";
}
