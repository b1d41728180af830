import type { DiscountCodeView, OrderView } from "./shopping.views.ts";

/**
 * What the checkout's endpoints answer, as the checkout island reads it: the routes build their
 * answers against these types (`satisfies`) and the island imports them, so the two cannot drift.
 * Money as decimal strings.
 */

/** POST /api/checkout/prepare (201): the server's figures for the prepared checkout. */
export interface PreparedCheckoutView {
  id: string;
  status: "payment-prepared";
  provider: string;
  email: string;
  robloxUsername: string;
  items: { productId: string; productName: string; price: string; quantity: number }[];
  subtotal: string;
  discountCode: string | null;
  discount: string;
  total: string;
  /** Store credit the server applied; the payment is asked for `amountDue`. */
  creditApplied: string;
  amountDue: string;
  /** False when store credit covers everything: the page places the order without a payment step. */
  paymentRequired: boolean;
  expiresAt: string;
}

/** POST /api/discount-codes/validate: the spec's fields of the code, and the discount it gives on this cart. */
export type AppliedDiscountView = Pick<DiscountCodeView, "id" | "code" | "type" | "amount" | "minPurchase" | "appliesToGame"> & {
  /** The discount on the shopper's cart as the server computes it; null when it cannot say (no cart). */
  discountAmount: string | null;
};

/**
 * POST /paypal/order/{id}/capture and POST /api/checkout/complete (201): the order placed; PENDING
 * while the provider reviews the payment (the order awaits it).
 */
export interface PlacedOrderView {
  /** The payment's id (captures only). */
  id?: string;
  status: "COMPLETED" | "PENDING";
  order: OrderView | null;
}

/** GET /api/pay/{token}: the cart a parent's link pays, with whom it goes to in Roblox. */
export interface ParentLinkAnswer {
  items: { name: string; quantity: number; unitPrice: string; lineTotal: string }[];
  total: string;
  /** `verified` false: Roblox could not be asked at checkout, the typed name is all there is. */
  roblox: { username: string; displayName: string | null; avatarUrl: string | null; verified: boolean };
  expiresAt: string;
}

/** POST /paypal/order (201): the provider's order the page approves and captures. */
export interface PaymentOrderView {
  id: string;
}

/** GET /paypal/setup: what the checkout's PayPal buttons need. */
export interface PaymentSetupView {
  provider: string;
  clientToken: string;
  clientId: string | null;
}

/** The part of GET /api/auth/user the checkout reads while it waits for the order a payment places. */
export interface OrdersOfShopperView {
  orders: OrderView[];
}
