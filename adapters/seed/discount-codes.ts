import type { DiscountInput } from "#domain/promotions/discount-code.ts";

/** Codes a new store starts with, so a newcomer can try a discount at checkout. */
export const DEMO_DISCOUNT_CODES: DiscountInput[] = [
  {
    code: "WELCOME10",
    type: "percentage",
    amountHundredths: 1000,
    status: "active",
    startDate: null,
    endDate: null,
    usageLimit: null,
    minPurchase: null,
    appliesToGame: null,
  },
  {
    code: "SAVE5",
    type: "fixed",
    amountHundredths: 500,
    status: "active",
    startDate: null,
    endDate: null,
    usageLimit: null,
    minPurchase: 2000,
    appliesToGame: null,
  },
];
