import { assertSignedIn } from "#domain/accounts/authorization.ts";
import type { SessionUser } from "#domain/accounts/user.ts";
import type { Shopper } from "#domain/shared/shopper.ts";
import type { AccountOverviewView } from "#read-models/accounts/account.views.ts";
import { linkedRobloxUserId } from "#read-models/accounts/linked-roblox-account.query.ts";
import { listOrdersOfUser } from "#read-models/accounts/orders-of-user.ts";
import { cartOf } from "#read-models/shopping/cart.queries.ts";
import type { RouteApp } from "./route-app.ts";
import { userJson } from "./auth-bridge.ts";

/**
 * The answers of GET /api/auth/session and GET /api/cart, which every signed-in page view's islands
 * ask for, and GET /api/auth/user, which the dashboard's shell reads: the route modules
 * (src/pages/api/auth/session.ts, src/pages/api/cart/index.ts, src/pages/api/auth/user.ts) return
 * them, and the front writes the same on node's own response (node-answers/personal.ts).
 */
export function sessionAnswer(user: SessionUser | null) {
  return { authenticated: user !== null, user: user ? userJson(user) : null };
}

export function cartAnswer(app: RouteApp, shopper: Shopper) {
  return cartOf(app.db, shopper, app.clock.now());
}

/** The signed-in shopper with their newest page of orders and what the dashboard shows besides; 401 for a guest. */
export async function accountAnswer(app: RouteApp, user: SessionUser | null): Promise<AccountOverviewView> {
  const shopper = assertSignedIn(user);
  const now = app.clock.now();
  const [page, robloxLinkedUserId] = await Promise.all([listOrdersOfUser(app.db, shopper.id, now), linkedRobloxUserId(app.db, shopper.id)]);
  return { ...userJson(shopper), orders: page.orders, ordersNextCursor: page.nextCursor, robloxLinkedUserId, serverNow: now.toISOString() };
}
