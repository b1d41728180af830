import type { CartLine } from "../cart/cart.ts";
import { notEnoughStock, outOfStock } from "../cart/cart.errors.ts";
import type { AvailableProduct } from "../cart/product-availability.port.ts";
import { applyDiscount, type DiscountCode } from "../promotions/discount-code.ts";
import { invalidDiscountCode } from "../promotions/discount-code.errors.ts";
import { noClock } from "../orders/delivery-clock.ts";
import type { Order, PaymentStatus } from "../orders/order.ts";
import type { OrderTotals } from "../orders/order-totals.ts";
import type { Cents } from "../shared/money.ts";
import { assertWithinHoldCaps, nextHold, type HoldCaps, type HoldChain } from "./hold-policy.ts";
import { invalidRobloxUsername, isValidRobloxUsername } from "./roblox-username.ts";
import { deliveryRecipientOf, UNCHECKED_RECIPIENT, type AcknowledgedRequirement, type DeliveryRecipient } from "../roblox/delivery-recipient.ts";
import type { RobloxRecipient } from "../roblox/roblox-recipient.ts";
import { cartRequirements, missingAcknowledgements, requirementsNotAcknowledged } from "../catalogue/requirements.ts";
import { gamePassPriceFor, gamePassRequired, type GamePassChoice, type GamePassDetails } from "../roblox/game-pass.ts";
import { acceptGamePass } from "../roblox/check-game-pass.ts";
import { cartChanged, cartIsEmpty, discountChanged, missingInformation, notInYourCart, productGone, totalMismatch } from "./checkout.errors.ts";

/** How long a prepared checkout keeps its units from other shoppers. */
export const HOLD_MINUTES = 15;
export const HOLD_MS = HOLD_MINUTES * 60 * 1000;

/** A line of a prepared checkout: a copy of the product's name and price at that moment. */
export interface CheckoutItem {
  productId: string;
  productName: string;
  gameId: string;
  unitPrice: Cents;
  quantity: number;
}

export type CheckoutStatus = "prepared" | "replaced" | "completed";

/**
 * The server's own pricing of a shopper's cart, recorded before payment. The payment is always
 * asked for `total`, whatever a client says; while `status` is prepared and `expiresAt` is ahead,
 * its items are held (see docs/decisions.md, holds). Its `creditApplied` is taken from the balance
 * when the order is placed.
 */
export interface PreparedCheckout extends OrderTotals {
  id: string;
  userId: string;
  email: string;
  robloxUsername: string;
  items: CheckoutItem[];
  status: CheckoutStatus;
  paymentId: string | null;
  /** The provider that opened `paymentId` (null: none yet, or a checkout from before providers were recorded). */
  paymentProvider?: string | null;
  createdAt: Date;
  expiresAt: Date;
  /** When the shopper's unbroken run of holds began, and how often a prepare restarted its clock (hold-policy.ts). */
  holdStartedAt: Date;
  holdRenewals: number;
  /** Payments the provider declined for good so far (the next payment's request id counts them). */
  paymentAttempt: number;
  /** The Roblox account `robloxUsername` was at Roblox when prepared (or "not checked"). */
  recipient: DeliveryRecipient;
  /** The cart's requirements the shopper ticked, as their text read then. */
  acknowledgedRequirements: AcknowledgedRequirement[];
  /** The buyer's gamepass a Robux product is paid out through, as checked at Roblox (null or absent: no Robux product). */
  gamePass?: GamePassChoice | null;
}

/** What the checkout page sends: its view of the cart and of the money, which the server checks. */
export interface CheckoutClaim {
  email: string;
  robloxUsername: string;
  total: Cents;
  discountCodeId: string | null;
  discountAmount: Cents | null;
  cartItems: { id: string; quantity: number | null }[];
  /** The shopper ticked "Use my store credit". */
  useStoreCredit: boolean;
  /** The codes of the cart's requirements the shopper ticked (absent: none). */
  acknowledgedRequirements?: readonly string[];
  /** The buyer's gamepass (its link or id), for a cart with a Robux product. */
  gamePass?: string | null;
}

export interface CartEntry {
  line: CartLine;
  /** null when the product was deleted since it was put in the cart. */
  product: AvailableProduct | null;
}

/** Lines priced at today's prices, with the subtotal. */
export function priceCart(entries: readonly { line: CartLine; product: AvailableProduct }[]): { items: CheckoutItem[]; subtotal: Cents } {
  const items = entries.map(({ line, product }) => ({
    productId: product.id,
    productName: product.name,
    gameId: product.gameId,
    unitPrice: product.price,
    quantity: line.quantity,
  }));
  return { items, subtotal: items.reduce((sum, item) => sum + item.unitPrice * item.quantity, 0) };
}

/**
 * Decides a prepared checkout from the shopper's cart as the server sees it and the page's claim.
 * Refuses, in this order: missing username or email (400), an empty cart (400), a claimed line that
 * is not in this cart (400), a claim that no longer matches the cart (409), a product gone or short
 * of stock (409), a requirement not ticked (422), an unusable code (4xx), and a discount or total
 * that disagrees with the server's (409).
 */
export function decidePrepare(input: {
  id: string;
  userId: string;
  claim: CheckoutClaim;
  cart: readonly CartEntry[];
  discountCode: DiscountCode | null;
  /** The shopper's store credit balance (read only when they asked to use it). */
  storeCredit: Cents;
  now: Date;
  /** The shopper's previous hold, which this prepare replaces (null: none to continue). */
  previousHold?: HoldChain | null;
  caps?: HoldCaps;
  /** Who the name is at Roblox (resolveRecipient); absent: not checked. */
  recipient?: RobloxRecipient;
  /** The Roblox account the shopper linked by signing in with Roblox (a recipient it matches is proven). */
  linkedRobloxUserId?: number | null;
  /** The pass the claim names as Roblox describes it (lookUpGamePass; pass null: no such pass); absent: none named. */
  gamePass?: { id: number; pass: GamePassDetails | null };
}): PreparedCheckout {
  const { claim, cart, now } = input;
  const email = claim.email.trim();
  const typedName = claim.robloxUsername.trim();
  if (!email || !typedName) throw missingInformation();
  if (!isValidRobloxUsername(typedName)) throw invalidRobloxUsername();
  // Roblox's own spelling of a checked name; the typed one otherwise.
  const robloxUsername = input.recipient?.verified ? input.recipient.name : typedName;
  if (cart.length === 0) throw cartIsEmpty();

  const lines = new Map(cart.map((entry) => [entry.line.id, entry.line]));
  for (const claimed of claim.cartItems) if (!lines.has(claimed.id)) throw notInYourCart(claimed.id);
  const claimedIds = new Set(claim.cartItems.map((c) => c.id));
  const sameLines = claimedIds.size === lines.size && claim.cartItems.length === lines.size;
  const sameQuantities = claim.cartItems.every((c) => c.quantity === null || c.quantity === lines.get(c.id)?.quantity);
  if (!sameLines || !sameQuantities) throw cartChanged();

  const priced = cart.map(({ line, product }) => {
    if (!product) throw productGone("An item in your cart");
    if (product.available <= 0) throw outOfStock(product.name);
    if (line.quantity > product.available) throw notEnoughStock(product.name, product.available, 0);
    return { line, product };
  });
  const { items, subtotal } = priceCart(priced);
  if (input.caps) assertWithinHoldCaps(items, input.caps);
  // Each requirement of the cart (Trade License, trading allowed...) is ticked before anything is held.
  const required = cartRequirements(priced.map(({ product }) => product.requirements));
  const missing = missingAcknowledgements(required, claim.acknowledgedRequirements ?? []);
  if (missing.length > 0) throw requirementsNotAcknowledged(missing);
  const gamePass = gamePassOfCart(priced, input.gamePass, input.recipient);

  if (claim.discountCodeId !== null && !input.discountCode) throw invalidDiscountCode();
  const code = input.discountCode;
  const discount = code
    ? applyDiscount(
        code,
        items.map((i) => ({ gameId: i.gameId, lineTotal: i.unitPrice * i.quantity })),
        now,
      )
    : 0;
  if (claim.discountAmount !== null && claim.discountAmount !== discount) throw discountChanged(discount);
  const total = subtotal - discount;
  if (claim.total !== total) throw totalMismatch(total, claim.total);

  return {
    id: input.id,
    userId: input.userId,
    email,
    robloxUsername,
    recipient: input.recipient ? deliveryRecipientOf(input.recipient, input.linkedRobloxUserId ?? null) : UNCHECKED_RECIPIENT,
    acknowledgedRequirements: required.map(({ code, text }) => ({ code, text })),
    gamePass,
    items,
    subtotal,
    discountCodeId: code?.id ?? null,
    discountCode: code?.code ?? null,
    discount,
    total,
    creditApplied: claim.useStoreCredit ? applyStoreCredit(input.storeCredit, total).creditApplied : 0,
    status: "prepared",
    paymentId: null,
    paymentAttempt: 0,
    createdAt: now,
    ...nextHold(input.previousHold ?? null, now, HOLD_MS),
  };
}

/**
 * The pass a cart's Robux are paid out through: none without a Robux product; with one, the pass
 * the shopper named must be the recipient's own, for sale, priced for all the cart's Robux, regional
 * pricing off (422 with the fix; gamepass_required when none is named; 503 when Roblox could not
 * confirm the recipient).
 */
export function gamePassOfCart(
  priced: readonly { line: CartLine; product: AvailableProduct }[],
  named: { id: number; pass: GamePassDetails | null } | undefined,
  recipient: RobloxRecipient | undefined,
): GamePassChoice | null {
  const robux = priced.reduce((sum, { line, product }) => sum + (product.robuxAmount ?? 0) * line.quantity, 0);
  if (robux <= 0) return null;
  if (!named) throw gamePassRequired(gamePassPriceFor(robux));
  return acceptGamePass(named, robux, recipient?.userId ?? null);
}

export interface StoreCreditApplication {
  /** Store credit used for this order: never more than the credit held, never more than the total. */
  creditApplied: Cents;
  /** What the payment (sandbox or PayPal) is asked for. */
  amountDue: Cents;
  /** False when the credit covers the whole total: the order completes without a payment step. */
  paymentRequired: boolean;
}

/**
 * How store credit pays for an order: as much as the shopper holds, at most the total;
 * the payment is asked only for the rest. A negative balance or total counts as zero.
 */
export function applyStoreCredit(available: Cents, total: Cents): StoreCreditApplication {
  const creditApplied = Math.max(0, Math.min(available, total));
  const amountDue = Math.max(0, total - creditApplied);
  return { creditApplied, amountDue, paymentRequired: amountDue > 0 };
}

/** What the payment (sandbox or PayPal) is asked for: the total less the store credit applied. */
export function amountDue(checkout: Pick<PreparedCheckout, "total" | "creditApplied">): Cents {
  return Math.max(0, checkout.total - checkout.creditApplied);
}

/** False when store credit covers the whole total: the order is placed without a payment step. */
export function paymentRequired(checkout: Pick<PreparedCheckout, "total" | "creditApplied">): boolean {
  return amountDue(checkout) > 0;
}

/** Whether the checkout still holds its units at `now`. */
export function isHolding(checkout: Pick<PreparedCheckout, "status" | "expiresAt">, now: Date): boolean {
  return checkout.status === "prepared" && now < checkout.expiresAt;
}

/**
 * The re-check at capture of a checkout whose hold expired: every item must still be available to
 * this shopper (others' holds count against it), so no money is taken for what cannot be sold.
 */
export function assertStillAvailable(items: readonly CheckoutItem[], availableOf: (productId: string) => number | null): void {
  for (const item of items) {
    const available = availableOf(item.productId);
    if (available === null) throw productGone(item.productName);
    if (available <= 0) throw outOfStock(item.productName);
    if (item.quantity > available) throw notEnoughStock(item.productName, available, 0);
  }
}

/**
 * The order a paid checkout becomes: pending, with the checkout's items, prices and totals. Its
 * delivery clock starts separately (startDeliveryClock), the one place "payment complete" is handled.
 */
export function orderFromCheckout(
  checkout: PreparedCheckout,
  payment: { provider: string; paymentId: string; captureId: string | null; status?: PaymentStatus },
  ids: { orderId: string; itemIds: readonly string[] },
  now: Date,
): Order {
  return {
    id: ids.orderId,
    userId: checkout.userId,
    status: "pending",
    robloxUsername: checkout.robloxUsername,
    recipient: checkout.recipient,
    acknowledgedRequirements: checkout.acknowledgedRequirements,
    gamePass: checkout.gamePass ?? null,
    robuxDueAt: null,
    email: checkout.email,
    items: checkout.items.map((item, index) => ({ ...item, id: ids.itemIds[index] ?? `${ids.orderId}-${index}` })),
    subtotal: checkout.subtotal,
    discountCodeId: checkout.discountCodeId,
    discountCode: checkout.discountCode,
    discount: checkout.discount,
    total: checkout.total,
    creditApplied: checkout.creditApplied,
    paymentProvider: payment.provider,
    paymentId: payment.paymentId,
    captureId: payment.captureId,
    checkoutId: checkout.id,
    stockReturned: false,
    createdAt: now,
    paymentStatus: payment.status ?? "paid",
    refunded: 0,
    refundedToPayment: 0,
    dispute: null,
    delivery: noClock,
  };
}
