import type { Cents } from "../shared/money.ts";

/** The server's pricing of a cart, as a prepared checkout records it and its order keeps it. */
export interface OrderTotals {
  subtotal: Cents;
  discountCodeId: string | null;
  discountCode: string | null;
  discount: Cents;
  total: Cents;
  /** Store credit that pays part of `total` (at most all of it): the payment takes `total - creditApplied`. */
  creditApplied: Cents;
}
