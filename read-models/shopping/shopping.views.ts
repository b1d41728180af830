import type { DeliveryMethod } from "#domain/catalogue/requirements.ts";
import type { ProductView } from "../storefront/catalogue.views.ts";

/** What the shopping screens and API show; money as decimal strings. Islands import these types. */

/** A cart line as GET /api/cart shows it (storefront.md section 3: id, productId, quantity, product). */
export interface CartItemView {
  id: string;
  productId: string;
  quantity: number;
  /** The product now, with the stock this shopper may buy (the stepper's maximum). */
  product: ProductView;
}

/** A wishlist item as the API shows it (storefront.md section 3: id, productId, userId, product). */
export interface WishlistItemView {
  id: string;
  productId: string;
  /** null for a guest's wishlist. */
  userId: string | null;
  product: ProductView;
}

/** An order as the dashboard, GET /api/orders and the admin panel show it; money as decimal strings. */
export interface OrderView {
  id: string;
  userId: string;
  status: string;
  robloxUsername: string;
  email: string;
  subtotal: string;
  discountCode: string | null;
  discount: string;
  total: string;
  /** Store credit spent on the order; the payment took total − creditApplied. */
  creditApplied: string;
  createdAt: string;
  /** `deliveryMethod`: how the item reaches the buyer, the product's method as it stands. */
  /** gameId: the game the item was bought in (staff give the order a holder of that game). */
  items: { productId: string; productName: string; gameId: string; price: string; quantity: number; deliveryMethod: DeliveryMethod }[];
  /** The payment's own status: awaiting, paid, partially_refunded, refunded, reversed, denied. */
  paymentStatus: string;
  /** Refunded so far, to the payment and as store credit. */
  refundedTotal: string;
  /** null, "open" or "resolved". */
  disputeStatus: string | null;
  refunds: RefundView[];
  /** What happened to the payment, oldest first. */
  paymentHistory: { kind: string; amount: string | null; note: string; at: string }[];
  /** When the payment was complete; null while the order awaits payment. */
  paidAt: string | null;
  /** The delivery promise: paidAt + DELIVERY_SLA_MINUTES; null without payment (or for orders from before the clock). */
  deliveryDueAt: string | null;
  /** When someone started delivering it; null until then. */
  deliveryStartedAt: string | null;
  /** When it was completed; null until then. */
  deliveredAt: string | null;
  /** The promise made when paid, in minutes (its products' longest); null before payment and for orders from before it was kept. */
  promiseMinutes: number | null;
  /** The deadline (the same as deliveryDueAt): null without payment, while held, and while staff wait for the buyer. */
  dueAt: string | null;
  /** "ready": the buyer said they are in the game; "waiting_for_buyer": staff wait for them (with their note); null: not said. */
  readiness: "ready" | "waiting_for_buyer" | null;
  readinessNote: string | null;
  /** True once the deadline passed undelivered; stays true. */
  late: boolean;
  /** Points credited for the late delivery; null when none (yet). */
  compensationPoints: number | null;
  /** Confirm receipt: the shopper's answer, "silence" when the window closed; null while open or not delivered. */
  receipt: "received" | "not_received" | "silence" | null;
  receiptAt: string | null;
  /**
   * The risk check: clear, held (paid, waiting for staff before delivery), approved or
   * rejected. Staff also see the score and the reasons; a shopper sees the state only.
   */
  risk: { state: string; score?: number; reasons?: string[] };
  /**
   * The Roblox account it is delivered to: the numeric id staff deliver to, the name and
   * display name and avatar as Roblox answered at checkout. `verified` false: Roblox could not be
   * asked then ("not checked"), and only the typed name is known.
   */
  roblox: {
    userId: number | null;
    name: string;
    displayName: string | null;
    avatarUrl: string | null;
    verified: boolean;
    /** "linked": the shopper's own Roblox account, linked by signing in with Roblox (proof); "typed": a name typed at checkout (a claim). */
    proof: "typed" | "linked";
    /** Asked again after payment, Roblox said the account is gone or banned: staff confirm before delivering (staff only). */
    flag: "not_found" | "banned" | null;
    /** The name the user id has now, when it was renamed since the order (staff only). */
    renamedTo: string | null;
  };
  /**
   * The private server the order is delivered in (staff's link, or the product's): shown to the
   * order's owner and staff only, never in an email, a webhook or the Mail tab.
   */
  privateServerUrl: string | null;
  /** Robux by gamepass: the buyer's pass (its id and the Robux price it was checked at); null for other orders. */
  gamePass: { id: number; price: number } | null;
  /** When the pass's Robux should appear in the buyer's account (staff bought it + ROBLOX_PENDING_DAYS); null until delivered. The receipt question waits for it. */
  robuxDueAt: string | null;
  /** The requirements the shopper ticked before paying, as their text read then. */
  acknowledgedRequirements: { code: string; text: string }[];
  /**
   * Staff only: the holder account its units are reserved on (the one with most of them, when
   * several), which staff log into to trade; null when none of its products has holders. `lost`:
   * the account is lost, so the order waits for another. A shopper's answer has null.
   */
  holder: { id: string; robloxUsername: string; lost: boolean } | null;
  /**
   * The shopper's own answer only, while the delivery runs: the account that will trade with them
   * and the one-time phrase it says in the game chat; null before the start, after it and for
   * everyone else.
   */
  deliverer: DelivererView | null;
  /** The shopper's request to cancel the order once staff had started it; null when none was made. */
  cancelRequest: CancelRequestView | null;
}

/** A cancel request: open until staff (or, after CANCEL_GRANT_HOURS, the store) grant or refuse it, with their note. */
export interface CancelRequestView {
  status: "open" | "granted" | "refused";
  refundTo: "payment" | "credit";
  note: string | null;
}

/** Who will trade with the shopper: what they check in the game before accepting. */
export interface DelivererView {
  robloxUsername: string;
  avatarUrl: string | null;
  phrase: string;
}

/** One page of a shopper's orders: GET /api/orders answers `orders` with X-Next-Cursor. */
export interface OrdersPageView {
  orders: OrderView[];
  /** Pass as `before` for the next page; null on the last page. */
  nextCursor: string | null;
}

/** A refund as the API shows it (POST /api/admin/orders/{id}/refunds answers one). */
export interface RefundView {
  id: string;
  orderId: string;
  amount: string;
  destination: string;
  status: string;
  reason: string;
  createdAt: string;
}

/** One line of an order's timeline (GET /api/orders/{id}/timeline), oldest first. */
export interface TimelineItemView {
  at: string;
  kind: string;
  text: string;
  /** The delivery proof (the first screenshot), on "delivered" lines that have one. */
  proofUrl?: string;
  /** Every delivery proof screenshot of the order, on "delivered" lines that have any. */
  proofUrls?: string[];
}

/** A discount code as the API shows it (admin-panel.md section 3); money as decimal strings. */
export interface DiscountCodeView {
  id: string;
  code: string;
  type: "percentage" | "fixed";
  /** "10" (percent) or "5.00" (dollars). */
  amount: string;
  status: "active" | "inactive";
  startDate: string | null;
  endDate: string | null;
  usageLimit: number | null;
  usageCount: number;
  minPurchase: string | null;
  appliesToGame: string | null;
  createdBy: string | null;
}
