import type { SessionUser } from "#domain/accounts/user.ts";
import type { Shopper } from "#domain/shared/shopper.ts";
import { cartOf } from "#read-models/shopping/cart.queries.ts";
import type { RouteApp } from "./route-app.ts";
import { userJson } from "./auth-bridge.ts";

/**
 * The answers of GET /api/auth/session and GET /api/cart, which every signed-in page view's islands
 * ask for: the route modules (src/pages/api/auth/session.ts, src/pages/api/cart/index.ts) return
 * them, and the front writes the same on node's own response (node-answers/personal.ts).
 */
export function sessionAnswer(user: SessionUser | null) {
  return { authenticated: user !== null, user: user ? userJson(user) : null };
}

export function cartAnswer(app: RouteApp, shopper: Shopper) {
  return cartOf(app.db, shopper, app.clock.now());
}
