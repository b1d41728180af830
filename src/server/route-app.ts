// What pages, components and API routes get as Astro.locals.app (src/env.d.ts): the part of the
// App (app-interface.ts) a route has any business with. The object is the App itself (the middleware
// and the front hand it over); the type keeps routes away from the signing secrets, the file store's
// bytes, the event listeners and guest mergers, the background jobs and the composition's internals.
// To hand routes one more module, read model's table or setting, add its key below: this file is
// the one place.
import type { App } from "./app-interface.ts";
import type { Config } from "./config.ts";
import type { PaymentsConfig, PayPalSettings, StripeSettings } from "./payments-config.ts";
import { sessionTokenOfCookie } from "./session.ts";

/** The App's parts a route may use. */
type RouteAppKey =
  // The database the read models (read-models/) query, the clock, ids and the log.
  | "db"
  | "clock"
  | "ids"
  | "log"
  // better-auth's handler and API (sign-in, sign-up, sessions, passkeys, two-factor).
  | "auth"
  // Domain modules.
  | "catalogue"
  | "stockAlerts"
  | "receipts"
  | "support"
  | "reviews"
  | "ratings"
  | "content"
  | "analytics"
  | "cart"
  | "wishlist"
  | "promotions"
  | "ordering"
  | "roblox"
  | "rewards"
  | "staff"
  | "accountData"
  | "shopFacts"
  | "staffNotices"
  | "webhooks"
  // Services the routes call.
  | "payments"
  | "paymentMethods"
  | "uploads"
  | "files"
  | "ogImages"
  | "htmlSanitizer"
  | "catalogueCache"
  | "rateLimiter"
  | "isCommonPassword"
  | "images"
  | "mail"
  | "metrics"
  | "live";

/** Settings a route reads whole. */
type RouteConfigKey =
  | "publicUrl"
  | "shop"
  | "publicSandbox"
  | "trustProxy"
  | "staffTwoFactorRequired"
  | "adminSessionIdleMs"
  | "authRateLimits"
  | "abuseLimits"
  | "chatMessagesPerMinute"
  | "trackingLimitPerMinute"
  | "eventStreamsMax"
  | "parentLinkHours"
  | "holdCaps"
  | "delivery"
  | "pointsPerDollar"
  | "riskHoldScore"
  | "timeZone"
  | "catalogueCache"
  | "demoData";

/**
 * The settings a route reads: none of the secrets (the auth secret, the administrator's password,
 * client secrets, the metrics token, SMTP's URL, S3's credentials) nor where the data lives.
 */
export type RouteConfig = Pick<Config, RouteConfigKey> & {
  /** Whether "Continue with Google" is offered. */
  google: Pick<NonNullable<Config["google"]>, "clientId"> | null;
  /** The providers, the sandbox's pending delay, PayPal's client id and Stripe's publishable key. */
  payments: Pick<PaymentsConfig, "provider" | "providers" | "pendingSeconds"> & {
    paypal: Pick<PayPalSettings, "clientId"> | null;
    stripe: Pick<StripeSettings, "publishableKey"> | null;
  };
  /** Roblox's public APIs, and whether "Sign in with Roblox" is offered. */
  roblox: Omit<Config["roblox"], "signIn"> & { signIn: Pick<NonNullable<Config["roblox"]["signIn"]>, "clientId"> | null };
  mail: Pick<Config["mail"], "transport" | "from">;
  uploads: Pick<Config["uploads"], "store" | "presignedGets">;
};

/** Astro.locals.app. */
export type RouteApp = Pick<App, RouteAppKey> & { config: RouteConfig };

// What a route truly needs from outside RouteApp, each by name, so that every such need is listed
// here. Each reads one thing of the whole App that Astro.locals.app is.
const whole = (app: RouteApp): App => app as App;

/** GET /metrics: the bearer token it answers to (METRICS_TOKEN), null when metrics are off. */
export function metricsTokenOf(app: RouteApp): string | null {
  return whole(app).config.metricsToken;
}

/** GET /api/events: the session token of the request's cookie, so its stream ends with the session. */
export function sessionTokenOfRequest(app: RouteApp, request: Request): string | null {
  return sessionTokenOfCookie(whole(app), request.headers.get("cookie"));
}
