/**
 * "A payment has just succeeded" (storefront.md: an empty cart redirects to / unless payment has just
 * succeeded). The checkout sets it in this tab's session storage; the cart page reads it once.
 */
const KEY = "paymentSucceeded";

export function markPaymentSucceeded(): void {
  try {
    sessionStorage.setItem(KEY, "1");
  } catch {
    // Storage can be unavailable (private mode); the cart then just redirects as usual.
  }
}

export function takePaymentSucceeded(): boolean {
  try {
    const set = sessionStorage.getItem(KEY) === "1";
    sessionStorage.removeItem(KEY);
    return set;
  } catch {
    return false;
  }
}
