import { centsFromDecimal } from "#domain/shared/money.ts";
import type { AppliedDiscountView } from "#read-models/shopping/checkout.views.ts";

/** storefront.md section 9: checkout order polling every 2 s up to 60 times; success handler delayed 500 ms. */
export const POLL_INTERVAL_MS = 2000;
export const POLL_ATTEMPTS = 60;
export const SUCCESS_DELAY_MS = 500;

/**
 * The checkout's ids. One checkout is on its page, so they are fixed words rather than React's
 * useId: an element rendered anew after hydration (the discount box after Remove) must get the id
 * its server-rendered label names, and the server's and the browser's useId do not always agree.
 */
export const CHECKOUT_IDS = {
  method: "checkout-method",
  details: "checkout-details",
  summary: "checkout-summary",
  roblox: "checkout-roblox",
  email: "checkout-email",
  code: "checkout-code",
  codeError: "checkout-code-error",
  outcome: "checkout-outcome",
  requirements: "checkout-requirements",
  gamePass: "checkout-game-pass",
  gamePassHeading: "checkout-game-pass-heading",
} as const;

/** What the sandbox's test button can make the payment do. */
export type SandboxOutcome = "approve" | "decline" | "pending";

/** Where the checkout is: filling in details, asking the server, paying, waiting for a review, done. */
export type Phase = "details" | "preparing" | "payment-prepared" | "paying" | "awaiting" | "success";

/** A decimal string from the server as cents (0 when it cannot be read). */
export const cents = (value: string) => centsFromDecimal(value) ?? 0;

/** The client's own estimate of a code's discount, for display; the server's figure always wins. */
export function estimateDiscount(code: AppliedDiscountView, subtotal: number): number {
  if (code.discountAmount !== null) return cents(code.discountAmount);
  const raw = code.type === "percentage" ? Math.round((subtotal * Number(code.amount)) / 100) : cents(code.amount);
  return Math.min(raw, subtotal);
}
