import type { OrderView } from "../shopping/shopping.views.ts";

/** The signed-in shopper as the session answer and GET /api/auth/user show them (src/server/auth-bridge.ts, userJson). */
export interface AccountView {
  id: string;
  email: string;
  firstName: string | null;
  emailVerified: boolean;
  isAdmin: boolean;
  robloxUsername: string | null;
  /** Decimal string, e.g. "5.00". */
  storeCredit: string;
  points: number;
  /** Whether a parent pays (the birth date itself is never sent). */
  minor: boolean;
}

/**
 * GET /api/auth/user: the shopper with their newest page of orders (the checkout polls it for the
 * order a payment places), and what the dashboard's shell fills itself in with besides.
 */
export interface AccountOverviewView extends AccountView {
  orders: OrderView[];
  /** The `before` of the next page of orders (GET /api/orders), null when this page is all. */
  ordersNextCursor: string | null;
  /** The Roblox user id linked by signing in with Roblox, or null. */
  robloxLinkedUserId: number | null;
  /** The server's time of the answer: delivery countdowns follow the server's clock, not the device's. */
  serverNow: string;
}
