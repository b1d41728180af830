/**
 * Every file route under src/pages, in one list: what Astro serves is decided by the files, and what
 * the server does around them (the fast front, the page cache, no-store for personal pages, the
 * integration tests' request helper) is decided by this list. `npm run check` (scripts/check-routes.ts)
 * and tests/unit/web/routes-manifest.test.ts fail when a file and its entry disagree, either way.
 * Adding a route: docs/serving-and-caching.md, "Adding a route".
 */

/** The methods a route file exports (an .astro page is GET; HEAD comes with GET). */
export type RouteMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE" | "ALL";

export interface RouteEntry {
  /** The path as Astro names the file: `/api/products/[id]`, `/og/[...path]`, `/` for index.astro. */
  pattern: string;
  /** `page` for an .astro file, `endpoint` for a .ts file. */
  kind: "page" | "endpoint";
  methods: readonly RouteMethod[];
  /**
   * Its GET answers depend only on the URL and the catalogue's version, never on who asks: the page
   * cache (src/server/catalogue-cache.ts) keeps them and checks each against the catalogue version.
   * A page marked so must render nothing of the person asking (tests/e2e/page-cache.spec.ts).
   * `"signed-in"`: the same, but only for a signed-in shopper (a shell whose islands fetch the
   * shopper's data); a visitor without a session gets the page rendered for them (the login prompt).
   */
  cacheable?: true | "signed-in";
  /**
   * Answered by the fast front (src/server/front.ts) without Astro's routing: `module` through the
   * route module, `node` on node's own request and response first (the page-view tracker, for guests;
   * the session and cart GETs every signed-in page view makes, src/server/node-answers/personal.ts; the
   * live channel's streams, src/server/live/events-on-node.ts).
   */
  front?: "module" | "node";
  /** Shows one person's own data: its HTML is always `Cache-Control: private, no-store`. */
  personal?: true;
}

export const ROUTES = [
  // Pages
  { pattern: "/", kind: "page", methods: ["GET"], cacheable: true },
  { pattern: "/404", kind: "page", methods: ["GET"] },
  { pattern: "/about", kind: "page", methods: ["GET"], cacheable: true },
  { pattern: "/admin", kind: "page", methods: ["GET"], personal: true },
  { pattern: "/blog", kind: "page", methods: ["GET"], cacheable: true },
  { pattern: "/blog/[slug]", kind: "page", methods: ["GET"], cacheable: true },
  { pattern: "/cart", kind: "page", methods: ["GET"], personal: true, cacheable: true },
  { pattern: "/checkout", kind: "page", methods: ["GET"], personal: true },
  { pattern: "/contact", kind: "page", methods: ["GET"], cacheable: true },
  { pattern: "/dashboard", kind: "page", methods: ["GET"], personal: true, cacheable: "signed-in" },
  { pattern: "/faq", kind: "page", methods: ["GET"], cacheable: true },
  { pattern: "/forgot-password", kind: "page", methods: ["GET"] },
  { pattern: "/how-it-works", kind: "page", methods: ["GET"], cacheable: true },
  { pattern: "/login", kind: "page", methods: ["GET"], personal: true },
  { pattern: "/privacy", kind: "page", methods: ["GET"], cacheable: true },
  { pattern: "/product/[id]", kind: "page", methods: ["GET"], cacheable: true },
  { pattern: "/refunds", kind: "page", methods: ["GET"], cacheable: true },
  { pattern: "/reset-password", kind: "page", methods: ["GET"], personal: true },
  { pattern: "/pay/[token]", kind: "page", methods: ["GET"], personal: true },
  { pattern: "/search", kind: "page", methods: ["GET"] },
  { pattern: "/shop", kind: "page", methods: ["GET"], cacheable: true },
  { pattern: "/shop/[gameSlug]", kind: "page", methods: ["GET"], cacheable: true },
  { pattern: "/terms", kind: "page", methods: ["GET"], cacheable: true },
  { pattern: "/verify-email", kind: "page", methods: ["GET"] },
  { pattern: "/stock-alerts/unsubscribe", kind: "page", methods: ["GET"] },

  // Site files
  { pattern: "/apple-touch-icon.png", kind: "endpoint", methods: ["GET"] },
  { pattern: "/favicon.ico", kind: "endpoint", methods: ["GET"] },
  { pattern: "/icons/[size].png", kind: "endpoint", methods: ["GET"] },
  { pattern: "/img/[kind]/[name]", kind: "endpoint", methods: ["GET"] },
  { pattern: "/manifest.webmanifest", kind: "endpoint", methods: ["GET"] },
  { pattern: "/og/[...path]", kind: "endpoint", methods: ["GET"] },
  { pattern: "/robots.txt", kind: "endpoint", methods: ["GET"] },
  { pattern: "/sitemap.xml", kind: "endpoint", methods: ["GET"], cacheable: true },
  { pattern: "/sitemap-[part].xml", kind: "endpoint", methods: ["GET"], cacheable: true },
  { pattern: "/uploads/[...path]", kind: "endpoint", methods: ["GET"] },
  { pattern: "/uploads/reviews/[file]", kind: "endpoint", methods: ["GET"] },

  // Storefront API
  { pattern: "/api/[...path]", kind: "endpoint", methods: ["ALL"] },
  { pattern: "/api/health", kind: "endpoint", methods: ["GET"], front: "module" },
  { pattern: "/api/events", kind: "endpoint", methods: ["GET"], front: "node" },
  // Prometheus's scrape: 404 unless METRICS_TOKEN is set, then only with that bearer token.
  { pattern: "/metrics", kind: "endpoint", methods: ["GET"] },
  { pattern: "/api/games", kind: "endpoint", methods: ["GET"], cacheable: true, front: "module" },
  { pattern: "/api/games/[slug]", kind: "endpoint", methods: ["GET"], cacheable: true, front: "module" },
  { pattern: "/api/products", kind: "endpoint", methods: ["GET"], cacheable: true, front: "module" },
  { pattern: "/api/products/search", kind: "endpoint", methods: ["GET"], cacheable: true, front: "module" },
  { pattern: "/api/products/[id]", kind: "endpoint", methods: ["GET"], cacheable: true, front: "module" },
  { pattern: "/api/products/[id]/ratings", kind: "endpoint", methods: ["GET"], cacheable: true },
  { pattern: "/api/categories", kind: "endpoint", methods: ["GET"], cacheable: true, front: "module" },
  { pattern: "/api/item-requests", kind: "endpoint", methods: ["POST"] },
  { pattern: "/api/products/[id]/stock-alerts", kind: "endpoint", methods: ["POST"] },
  { pattern: "/api/stock-alerts/unsubscribe", kind: "endpoint", methods: ["POST"] },
  { pattern: "/api/blog", kind: "endpoint", methods: ["GET"] },
  { pattern: "/api/blog/[slug]", kind: "endpoint", methods: ["GET"] },
  { pattern: "/api/faqs", kind: "endpoint", methods: ["GET"] },
  { pattern: "/api/cart", kind: "endpoint", methods: ["GET", "POST", "DELETE"], front: "node" },
  { pattern: "/api/cart/[id]", kind: "endpoint", methods: ["PATCH", "DELETE"] },
  { pattern: "/api/wishlist", kind: "endpoint", methods: ["GET", "POST"] },
  { pattern: "/api/wishlist/[id]", kind: "endpoint", methods: ["DELETE"] },
  { pattern: "/api/checkout/prepare", kind: "endpoint", methods: ["POST"] },
  { pattern: "/api/checkout/providers", kind: "endpoint", methods: ["GET"] },
  { pattern: "/api/checkout/complete", kind: "endpoint", methods: ["POST"] },
  { pattern: "/api/roblox/resolve", kind: "endpoint", methods: ["POST"] },
  { pattern: "/api/roblox/gamepass-check", kind: "endpoint", methods: ["POST"] },
  { pattern: "/api/account/roblox", kind: "endpoint", methods: ["PUT", "DELETE"] },
  { pattern: "/api/checkout/parent-link", kind: "endpoint", methods: ["POST"] },
  { pattern: "/api/pay/[token]", kind: "endpoint", methods: ["GET"] },
  { pattern: "/api/pay/[token]/decline", kind: "endpoint", methods: ["POST"] },
  { pattern: "/api/orders", kind: "endpoint", methods: ["GET"] },
  { pattern: "/api/orders/[id]/status", kind: "endpoint", methods: ["PATCH"] },
  { pattern: "/api/orders/[id]/timeline", kind: "endpoint", methods: ["GET"] },
  { pattern: "/api/orders/[id]/confirm", kind: "endpoint", methods: ["POST"] },
  { pattern: "/api/orders/[id]/ready", kind: "endpoint", methods: ["POST"] },
  { pattern: "/api/orders/[id]/cancel", kind: "endpoint", methods: ["POST"] },
  { pattern: "/api/orders/[id]/proofs/[file]", kind: "endpoint", methods: ["GET"] },
  { pattern: "/api/orders/[id]/messages", kind: "endpoint", methods: ["GET", "POST"] },
  { pattern: "/api/orders/[id]/ratings", kind: "endpoint", methods: ["GET", "POST"] },
  { pattern: "/api/discount-codes", kind: "endpoint", methods: ["GET"] },
  { pattern: "/api/discount-codes/[id]", kind: "endpoint", methods: ["PATCH"] },
  { pattern: "/api/discount-codes/validate", kind: "endpoint", methods: ["POST"] },
  { pattern: "/api/promo", kind: "endpoint", methods: ["POST"] },
  { pattern: "/api/points", kind: "endpoint", methods: ["GET"] },
  { pattern: "/api/points/history", kind: "endpoint", methods: ["GET"] },
  { pattern: "/api/points/redeem", kind: "endpoint", methods: ["POST"] },
  { pattern: "/api/referrals", kind: "endpoint", methods: ["GET"] },
  { pattern: "/api/trustpilot-submit", kind: "endpoint", methods: ["POST"] },
  { pattern: "/api/support/conversations", kind: "endpoint", methods: ["GET", "POST"] },
  { pattern: "/api/support/conversations/[id]/messages", kind: "endpoint", methods: ["GET", "POST"] },
  // Issue 36: live support facts and the owner's announcement or sale.
  { pattern: "/api/support/status", kind: "endpoint", methods: ["GET"] },
  { pattern: "/api/announcement", kind: "endpoint", methods: ["GET"] },
  { pattern: "/api/tracking/page-view", kind: "endpoint", methods: ["POST"], front: "node" },
  { pattern: "/api/tracking/cart-activity", kind: "endpoint", methods: ["POST"], front: "module" },
  { pattern: "/api/analytics/live-visitors", kind: "endpoint", methods: ["GET"] },
  { pattern: "/api/analytics/new-customers", kind: "endpoint", methods: ["GET"] },
  { pattern: "/api/analytics/page-visits", kind: "endpoint", methods: ["GET"] },
  { pattern: "/api/analytics/top-pages", kind: "endpoint", methods: ["GET"] },

  // Accounts API (better-auth answers the rest under /api/auth/)
  { pattern: "/api/auth/[...path]", kind: "endpoint", methods: ["GET", "ALL"] },
  { pattern: "/api/auth/change-email", kind: "endpoint", methods: ["POST"] },
  { pattern: "/api/auth/change-password", kind: "endpoint", methods: ["POST"] },
  { pattern: "/api/auth/check", kind: "endpoint", methods: ["GET"] },
  { pattern: "/api/auth/google", kind: "endpoint", methods: ["GET"] },
  { pattern: "/api/auth/roblox", kind: "endpoint", methods: ["GET"] },
  { pattern: "/api/auth/roblox/link", kind: "endpoint", methods: ["GET"] },
  { pattern: "/api/auth/login", kind: "endpoint", methods: ["POST"] },
  { pattern: "/api/auth/login-user", kind: "endpoint", methods: ["POST"] },
  { pattern: "/api/auth/logout", kind: "endpoint", methods: ["POST"] },
  { pattern: "/api/auth/register", kind: "endpoint", methods: ["POST"] },
  { pattern: "/api/auth/request-password-reset", kind: "endpoint", methods: ["POST"] },
  { pattern: "/api/auth/reset-password", kind: "endpoint", methods: ["POST"] },
  { pattern: "/api/auth/revoke-other-sessions", kind: "endpoint", methods: ["POST"] },
  { pattern: "/api/auth/send-verification-email", kind: "endpoint", methods: ["POST"] },
  { pattern: "/api/auth/session", kind: "endpoint", methods: ["GET"], front: "node" },
  { pattern: "/api/account", kind: "endpoint", methods: ["DELETE"] },
  { pattern: "/api/account/consent", kind: "endpoint", methods: ["POST"] },
  { pattern: "/api/account/birth-date", kind: "endpoint", methods: ["POST"] },
  { pattern: "/api/account/export", kind: "endpoint", methods: ["GET"] },
  { pattern: "/api/auth/passkeys", kind: "endpoint", methods: ["GET", "POST"] },
  { pattern: "/api/auth/passkeys/[id]", kind: "endpoint", methods: ["DELETE"] },
  { pattern: "/api/auth/passkeys/register-options", kind: "endpoint", methods: ["POST"] },
  { pattern: "/api/auth/passkeys/sign-in-options", kind: "endpoint", methods: ["POST"] },
  { pattern: "/api/auth/passkeys/sign-in", kind: "endpoint", methods: ["POST"] },
  { pattern: "/api/auth/sessions", kind: "endpoint", methods: ["GET"] },
  { pattern: "/api/auth/sessions/[id]", kind: "endpoint", methods: ["DELETE"] },
  { pattern: "/api/auth/two-factor/confirm", kind: "endpoint", methods: ["POST"] },
  { pattern: "/api/auth/two-factor/disable", kind: "endpoint", methods: ["POST"] },
  { pattern: "/api/auth/two-factor/enable", kind: "endpoint", methods: ["POST"] },
  { pattern: "/api/auth/two-factor/verify", kind: "endpoint", methods: ["POST"] },
  { pattern: "/api/auth/user", kind: "endpoint", methods: ["GET", "PATCH"], front: "node" },
  { pattern: "/api/auth/verify-email", kind: "endpoint", methods: ["GET"] },

  // Payments (PayPal's JS SDK and webhooks call these)
  { pattern: "/paypal/setup", kind: "endpoint", methods: ["GET"] },
  { pattern: "/paypal/order", kind: "endpoint", methods: ["POST"] },
  { pattern: "/paypal/order/[id]/capture", kind: "endpoint", methods: ["POST"] },
  { pattern: "/paypal/webhook", kind: "endpoint", methods: ["POST"] },
  { pattern: "/stripe/payment-intent", kind: "endpoint", methods: ["POST"] },
  { pattern: "/stripe/payment-intent/[id]/capture", kind: "endpoint", methods: ["POST"] },
  { pattern: "/stripe/webhook", kind: "endpoint", methods: ["POST"] },

  // Admin API (administrators only; each call checks its permission)
  { pattern: "/api/admin/analytics", kind: "endpoint", methods: ["GET"] },
  { pattern: "/api/admin/audit", kind: "endpoint", methods: ["GET"] },
  { pattern: "/api/admin/categories", kind: "endpoint", methods: ["POST"] },
  { pattern: "/api/admin/categories/[id]", kind: "endpoint", methods: ["PATCH", "DELETE"] },
  { pattern: "/api/admin/categories/reorder", kind: "endpoint", methods: ["POST"] },
  { pattern: "/api/admin/games", kind: "endpoint", methods: ["POST"] },
  { pattern: "/api/admin/games/[id]", kind: "endpoint", methods: ["PATCH", "DELETE"] },
  { pattern: "/api/admin/games/reorder", kind: "endpoint", methods: ["POST"] },
  { pattern: "/api/admin/products", kind: "endpoint", methods: ["GET", "POST"] },
  { pattern: "/api/admin/products/[id]", kind: "endpoint", methods: ["PATCH", "DELETE"] },
  { pattern: "/api/admin/products/[id]/duplicate", kind: "endpoint", methods: ["POST"] },
  { pattern: "/api/admin/products/reorder", kind: "endpoint", methods: ["POST"] },
  { pattern: "/api/admin/products/bulk-price", kind: "endpoint", methods: ["POST"] },
  { pattern: "/api/admin/products/export.csv", kind: "endpoint", methods: ["GET"] },
  { pattern: "/api/admin/products/import", kind: "endpoint", methods: ["POST"] },
  { pattern: "/api/admin/upload-logo", kind: "endpoint", methods: ["POST"] },
  { pattern: "/api/admin/item-requests", kind: "endpoint", methods: ["GET"] },
  { pattern: "/api/admin/item-requests/[id]", kind: "endpoint", methods: ["PATCH"] },
  { pattern: "/api/admin/item-requests/[id]/product", kind: "endpoint", methods: ["POST"] },
  { pattern: "/api/admin/stock-alerts", kind: "endpoint", methods: ["GET"] },
  { pattern: "/api/admin/delivery-queue", kind: "endpoint", methods: ["GET"] },
  { pattern: "/api/admin/orders", kind: "endpoint", methods: ["GET"] },
  { pattern: "/api/admin/orders/[id]/proof", kind: "endpoint", methods: ["POST"] },
  { pattern: "/api/admin/orders/[id]/private-server", kind: "endpoint", methods: ["PUT"] },
  { pattern: "/api/admin/orders/[id]/refunds", kind: "endpoint", methods: ["POST", "GET"] },
  { pattern: "/api/admin/orders/[id]/risk", kind: "endpoint", methods: ["POST"] },
  { pattern: "/api/admin/orders/[id]/waiting-for-buyer", kind: "endpoint", methods: ["POST"] },
  { pattern: "/api/admin/orders/[id]/cancel-request", kind: "endpoint", methods: ["POST"] },
  { pattern: "/api/admin/risk/settings", kind: "endpoint", methods: ["GET", "PATCH"] },
  { pattern: "/api/admin/risk/disputes", kind: "endpoint", methods: ["GET"] },
  { pattern: "/api/admin/blocklist", kind: "endpoint", methods: ["GET", "POST"] },
  { pattern: "/api/admin/holders", kind: "endpoint", methods: ["GET", "POST"] },
  { pattern: "/api/admin/holders/[id]/stock", kind: "endpoint", methods: ["PUT"] },
  { pattern: "/api/admin/holders/[id]/lost", kind: "endpoint", methods: ["POST"] },
  { pattern: "/api/admin/holders/[id]/restore", kind: "endpoint", methods: ["POST"] },
  { pattern: "/api/admin/orders/[id]/holder", kind: "endpoint", methods: ["POST"] },
  { pattern: "/api/admin/orders/[id]/deliverer", kind: "endpoint", methods: ["GET"] },
  { pattern: "/api/admin/blocklist/[id]", kind: "endpoint", methods: ["DELETE"] },
  { pattern: "/api/admin/discount-codes", kind: "endpoint", methods: ["POST"] },
  { pattern: "/api/admin/discount-codes/[id]", kind: "endpoint", methods: ["DELETE"] },
  { pattern: "/api/admin/mail", kind: "endpoint", methods: ["GET"] },
  { pattern: "/api/admin/mail/[id]", kind: "endpoint", methods: ["GET"] },
  { pattern: "/api/admin/mail/[id]/preview", kind: "endpoint", methods: ["GET"] },
  { pattern: "/api/admin/mail/[id]/resend", kind: "endpoint", methods: ["POST"] },
  { pattern: "/api/admin/staff", kind: "endpoint", methods: ["GET", "POST"] },
  { pattern: "/api/admin/staff/[userId]", kind: "endpoint", methods: ["PATCH", "DELETE"] },
  { pattern: "/api/admin/submissions", kind: "endpoint", methods: ["GET"] },
  { pattern: "/api/admin/submissions/[id]", kind: "endpoint", methods: ["PATCH"] },
  { pattern: "/api/admin/ratings", kind: "endpoint", methods: ["GET"] },
  { pattern: "/api/admin/ratings/[id]", kind: "endpoint", methods: ["PATCH"] },
  { pattern: "/api/admin/support/conversations", kind: "endpoint", methods: ["GET"] },
  { pattern: "/api/admin/support/conversations/[id]", kind: "endpoint", methods: ["PATCH"] },
  { pattern: "/api/admin/users", kind: "endpoint", methods: ["GET"] },
  { pattern: "/api/admin/users/[userId]/store-credit", kind: "endpoint", methods: ["PATCH"] },
  { pattern: "/api/admin/users/[userId]/risk-freeze", kind: "endpoint", methods: ["GET", "POST"] },
  // Issue 36: the panel's presence heartbeat and the Settings tab.
  { pattern: "/api/admin/presence", kind: "endpoint", methods: ["POST"] },
  { pattern: "/api/admin/settings", kind: "endpoint", methods: ["GET"] },
  { pattern: "/api/admin/settings/announcement", kind: "endpoint", methods: ["PUT"] },
  { pattern: "/api/admin/settings/support", kind: "endpoint", methods: ["PUT"] },
  { pattern: "/api/admin/settings/minors", kind: "endpoint", methods: ["PUT"] },
  { pattern: "/api/admin/settings/delivery-hours", kind: "endpoint", methods: ["GET", "PUT"] },
  { pattern: "/api/admin/settings/delivery-methods", kind: "endpoint", methods: ["GET", "PUT"] },
  { pattern: "/api/admin/settings/figures", kind: "endpoint", methods: ["PUT"] },
  { pattern: "/api/admin/settings/endorsements", kind: "endpoint", methods: ["PUT"] },
  { pattern: "/api/admin/notice-settings", kind: "endpoint", methods: ["GET", "PUT"] },
  { pattern: "/api/admin/webhooks", kind: "endpoint", methods: ["GET", "POST"] },
  { pattern: "/api/admin/webhooks/[id]", kind: "endpoint", methods: ["PATCH", "DELETE"] },
  { pattern: "/api/admin/webhooks/[id]/deliveries", kind: "endpoint", methods: ["GET"] },
] as const satisfies readonly RouteEntry[];

export type RoutePattern = (typeof ROUTES)[number]["pattern"];

/** The patterns the front answers on node's own request first, each needing its node answer in front.ts. */
export type NodeAnswerPattern = Extract<(typeof ROUTES)[number], { front: "node" }>["pattern"];
