/**
 * The visitor's answer to the analytics consent banner as the browser keeps it: the `shop_analytics`
 * cookie, "granted" or "denied" (src/lib/analytics-consent.ts writes it). Read by the banner and by
 * the first-visit promo, which waits until the banner is answered (one overlay at a time, issue 35).
 */
export const CONSENT_COOKIE = "shop_analytics";

export type ConsentChoice = "granted" | "denied";

export function storedConsentChoice(): ConsentChoice | null {
  const match = document.cookie.split(/;\s*/).find((part) => part.startsWith(`${CONSENT_COOKIE}=`));
  const value = match ? match.slice(CONSENT_COOKIE.length + 1) : null;
  return value === "granted" || value === "denied" ? value : null;
}
