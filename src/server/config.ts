import { join } from "node:path";
import * as z from "zod";
import { ConfigSchema, DEFAULT_DATABASE_URL } from "./config-schema.ts";
import { paymentsConfig, type PaymentsConfig } from "./payments-config.ts";

// The variables, their defaults and their checks are in config-schema.ts; here they become Config.

/** Variables whose values must not appear in an error message. */
const SECRET_VARIABLES = new Set([
  "ADMIN_PASSWORD",
  "AUTH_SECRET",
  "PAYPAL_CLIENT_SECRET",
  "STRIPE_SECRET_KEY",
  "STRIPE_WEBHOOK_SECRET",
  "GOOGLE_CLIENT_SECRET",
  "SMTP_URL",
  "UPLOADS_S3_SECRET_ACCESS_KEY",
  "METRICS_TOKEN",
]);

/** Variables that only make sense together. */
const PAIRS = [
  ["ADMIN_EMAIL", "ADMIN_PASSWORD"],
  ["GOOGLE_CLIENT_ID", "GOOGLE_CLIENT_SECRET"],
  ["PAYPAL_CLIENT_ID", "PAYPAL_CLIENT_SECRET"],
  ["STRIPE_SECRET_KEY", "STRIPE_PUBLISHABLE_KEY"],
  ["SMTP_URL", "MAIL_FROM"],
  ["UPLOADS_S3_ACCESS_KEY_ID", "UPLOADS_S3_SECRET_ACCESS_KEY"],
] as const;

export interface Config {
  databaseUrl: string;
  host: string;
  port: number;
  /** Origin used for canonical URLs and Open Graph tags, without a trailing slash. */
  publicUrl: string;
  dataDir: string;
  logLevel: z.infer<typeof ConfigSchema>["LOG_LEVEL"];
  /** Unset means "generate one and keep it in the data directory". */
  authSecret: string | undefined;
  /** The administrator the store makes sure exists at start. */
  admin: { email: string; password: string } | null;
  /** Google sign-in shows only when configured. */
  google: { clientId: string; clientSecret: string } | null;
  /** Take the client's address from X-Forwarded-For (set this only behind your own reverse proxy). */
  trustProxy: boolean;
  /** Attempts per client address and minute before better-auth answers 429. */
  authRateLimits: { signInPerMinute: number; signUpPerMinute: number };
  /** Chat messages (support and order chats together) one shopper may send per minute before 429. */
  chatMessagesPerMinute: number;
  /** EVENT_STREAMS_MAX: live channels (SSE) one process holds before shedding the one idle the longest. */
  eventStreamsMax: number;
  /** WEBHOOKS_ALLOW_LOCAL=1: webhooks may use http and private addresses (tests, development); never in production. */
  webhooksAllowLocal: boolean;
  /** How shoppers pay: the configured providers (PAYMENT_PROVIDERS; the sandbox by default, where no money moves). */
  payments: PaymentsConfig;
  /** Roblox's public web APIs (the directory of accounts), their timeout, cache and look-up limit. */
  roblox: {
    usersUrl: string;
    thumbnailsUrl: string;
    /** Game passes v1's origin (ROBLOX_APIS_URL). */
    apisUrl: string;
    /** ROBLOX_PENDING_DAYS: a gamepass order's Robux appear this long after staff bought the pass. */
    pendingDays: number;
    timeoutMs: number;
    foundMs: number;
    missingMs: number;
    lookupsPerMinute: number;
    /** Sign in with Roblox (ROBLOX_CLIENT_ID and ROBLOX_CLIENT_SECRET); null: hidden. */
    signIn: { clientId: string; clientSecret: string; oauthUrl: string } | null;
  };
  /** Seconds between reconciliation passes over payments held for review. */
  reconcileSeconds: number;
  /** Rewards points credited per dollar paid for a completed order (0 turns purchase points off). */
  pointsPerDollar: number;
  /** The one time zone of analytics' "today" and day buckets. */
  timeZone: string;
  /** Calls per visitor and minute to each tracking endpoint before 429. */
  trackingLimitPerMinute: number;
  /** Keep rendered catalogue pages and API answers per process, checked against the catalogue's version. */
  catalogueCache: boolean;
  /** The shop's name and the address shoppers write to. */
  shop: { name: string; supportEmail: string };
  /** Seed an empty database with the demo catalogue, content and codes. */
  demoData: boolean;
  /** Sandbox payments on a public (https) shop, allowed on purpose: every page says so. */
  publicSandbox: boolean;
  /** Brakes on what a client can repeat (see docs/security.md). */
  abuseLimits: {
    /** Sign-in attempts per account in 15 minutes, from any address. */
    signInPerAccount: number;
    /** Discount codes one shopper may try a minute (an address: five times that). */
    codeValidationsPerMinute: number;
    /** Checkout prepares one account may make a minute (an address: five times that). */
    preparesPerMinute: number;
  };
  /** PARENT_LINK_HOURS: how long a parent's payment link stays open. */
  parentLinkHours: number;
  /** What one shopper's prepared checkout may hold from other shoppers. */
  holdCaps: { maxUnitsPerProduct: number; maxUnitsHeld: number };
  /** An administrator's session ends after this long without a request. */
  adminSessionIdleMs: number;
  /** STAFF_2FA=required: admin calls need a staff member with two-factor sign-in on. */
  staffTwoFactorRequired: boolean;
  /** The delivery promise: its length, how often late orders are looked for, what lateness costs. */
  delivery: { slaMinutes: number; checkIntervalMs: number; compensationPoints: number; confirmHours: number; cancelGrantHours: number };
  /** The hold score used until the owner saves risk settings (RISK_HOLD_SCORE, issue 37). */
  riskHoldScore: number;
  /** Where emails go: an SMTP server, or .eml files under DATA_DIR/outbox/ (the embedded default). */
  mail: { transport: "smtp"; url: string; from: string } | { transport: "file"; folder: string; from: string };
  /** Who hears about new orders and conversations: these addresses, every administrator, or nobody. */
  adminNotify: { to: "administrators" } | { to: "addresses"; addresses: string[] } | { to: "nobody" };
  /** Where uploaded files' bytes are kept. */
  uploads: {
    store: "database" | "folder" | "s3";
    s3: { url: string; region: string; credentials: { accessKeyId: string; secretAccessKey: string } | null } | null;
    /** Private files on S3 are fetched by the browser with a presigned GET. */
    presignedGets: boolean;
  };
  /** GET /metrics answers requests with this bearer token; null: /metrics is off (404). */
  metricsToken: string | null;
  /** OTLP/HTTP collector's base URL (OTEL_EXPORTER_OTLP_ENDPOINT); null: tracing is off and never loaded. */
  otlpEndpoint: string | null;
}

export class ConfigError extends Error {
  override name = "ConfigError";
}

/** Reads and validates the configuration; throws a ConfigError with one line per bad variable. */
export function loadConfig(env: Record<string, string | undefined>): Config {
  // An empty variable means "not set": shells and .env files often leave them blank.
  const present = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined && value !== ""));
  const parsed = ConfigSchema.safeParse(present);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => {
      const name = String(issue.path[0] ?? "config");
      // A secret's value is never repeated: the line ends up in logs and service managers' journals.
      const shown = SECRET_VARIABLES.has(name) ? "(hidden)" : JSON.stringify(present[name] ?? "");
      return `${name}=${shown} is invalid: ${issue.message}`;
    });
    throw new ConfigError(`Invalid configuration: ${lines.join("; ")}`);
  }
  const c = parsed.data;
  for (const [a, b] of PAIRS) {
    if ((c[a] === undefined) !== (c[b] === undefined)) {
      throw new ConfigError(`Invalid configuration: ${c[a] === undefined ? a : b} must be set together with ${c[a] === undefined ? b : a}`);
    }
  }
  const payments = paymentsConfig(c);
  if ("problem" in payments) throw new ConfigError(`Invalid configuration: ${payments.problem}`);
  const publicUrl = (c.PUBLIC_URL ?? `http://${c.HOST}:${c.PORT}`).replace(/\/+$/, "");
  const https = publicUrl.startsWith("https:");
  // A public shop on sandbox payments hands out orders without payment: only when said on purpose.
  if (https && payments.providers.includes("sandbox") && c.ALLOW_SANDBOX_PAYMENTS !== "1") {
    throw new ConfigError(
      "Invalid configuration: PAYMENT_PROVIDER=sandbox on an https PUBLIC_URL takes no real payments; set PAYMENT_PROVIDER=paypal, or ALLOW_SANDBOX_PAYMENTS=1 for a public test shop",
    );
  }
  if (c.UPLOADS_STORE === "s3" && !c.UPLOADS_S3_URL) throw new ConfigError("Invalid configuration: UPLOADS_STORE=s3 needs UPLOADS_S3_URL");
  if (c.UPLOADS_S3_PRESIGNED_GETS === "on" && c.UPLOADS_STORE !== "s3") {
    throw new ConfigError("Invalid configuration: UPLOADS_S3_PRESIGNED_GETS=on needs UPLOADS_STORE=s3");
  }
  const defaultSqlite = c.DATABASE_URL === DEFAULT_DATABASE_URL || c.DATABASE_URL === "file:data/shop.db";
  return {
    databaseUrl: c.DATABASE_URL,
    host: c.HOST,
    port: c.PORT,
    publicUrl,
    dataDir: c.DATA_DIR,
    logLevel: c.LOG_LEVEL,
    authSecret: c.AUTH_SECRET,
    admin: c.ADMIN_EMAIL && c.ADMIN_PASSWORD ? { email: c.ADMIN_EMAIL, password: c.ADMIN_PASSWORD } : null,
    google: c.GOOGLE_CLIENT_ID && c.GOOGLE_CLIENT_SECRET ? { clientId: c.GOOGLE_CLIENT_ID, clientSecret: c.GOOGLE_CLIENT_SECRET } : null,
    trustProxy: c.TRUST_PROXY === "1" || c.TRUST_PROXY === "true",
    authRateLimits: { signInPerMinute: c.SIGN_IN_LIMIT_PER_MINUTE, signUpPerMinute: c.SIGN_UP_LIMIT_PER_MINUTE },
    chatMessagesPerMinute: c.CHAT_MESSAGE_LIMIT_PER_MINUTE,
    eventStreamsMax: c.EVENT_STREAMS_MAX,
    webhooksAllowLocal: c.WEBHOOKS_ALLOW_LOCAL === "1",
    payments,
    roblox: {
      usersUrl: c.ROBLOX_USERS_URL.replace(/\/+$/, ""),
      thumbnailsUrl: c.ROBLOX_THUMBNAILS_URL.replace(/\/+$/, ""),
      apisUrl: c.ROBLOX_APIS_URL.replace(/\/+$/, ""),
      pendingDays: c.ROBLOX_PENDING_DAYS,
      timeoutMs: Math.round(c.ROBLOX_TIMEOUT_SECONDS * 1000),
      foundMs: c.ROBLOX_CACHE_FOUND_SECONDS * 1000,
      missingMs: c.ROBLOX_CACHE_MISSING_SECONDS * 1000,
      lookupsPerMinute: c.ROBLOX_LOOKUP_LIMIT_PER_MINUTE,
      signIn:
        c.ROBLOX_CLIENT_ID && c.ROBLOX_CLIENT_SECRET
          ? { clientId: c.ROBLOX_CLIENT_ID, clientSecret: c.ROBLOX_CLIENT_SECRET, oauthUrl: c.ROBLOX_OAUTH_URL.replace(/\/+$/, "") }
          : null,
    },
    reconcileSeconds: c.PAYMENT_RECONCILE_SECONDS,
    pointsPerDollar: c.POINTS_PER_DOLLAR,
    timeZone: c.TIME_ZONE,
    trackingLimitPerMinute: c.TRACKING_LIMIT_PER_MINUTE,
    catalogueCache: c.CATALOGUE_CACHE === "on",
    shop: { name: c.SHOP_NAME, supportEmail: c.SUPPORT_EMAIL ?? `support@${new URL(publicUrl).hostname}` },
    demoData: (c.DEMO_DATA ?? (defaultSqlite ? "on" : "off")) === "on",
    publicSandbox: https && payments.providers.includes("sandbox"),
    abuseLimits: {
      signInPerAccount: c.SIGN_IN_ACCOUNT_LIMIT,
      codeValidationsPerMinute: c.CODE_VALIDATE_LIMIT_PER_MINUTE,
      preparesPerMinute: c.CHECKOUT_PREPARE_LIMIT_PER_MINUTE,
    },
    parentLinkHours: c.PARENT_LINK_HOURS,
    holdCaps: { maxUnitsPerProduct: c.CHECKOUT_MAX_UNITS_PER_PRODUCT, maxUnitsHeld: c.CHECKOUT_MAX_UNITS_HELD },
    adminSessionIdleMs: Math.round(c.ADMIN_SESSION_IDLE_HOURS * 3_600_000),
    staffTwoFactorRequired: c.STAFF_2FA === "required",
    riskHoldScore: c.RISK_HOLD_SCORE,
    delivery: {
      slaMinutes: c.DELIVERY_SLA_MINUTES,
      checkIntervalMs: Math.round(c.SLA_CHECK_SECONDS * 1000),
      compensationPoints: c.SLA_COMPENSATION_POINTS,
      confirmHours: c.DELIVERY_CONFIRM_HOURS,
      cancelGrantHours: c.CANCEL_GRANT_HOURS,
    },
    adminNotify:
      c.ADMIN_NOTIFY_EMAIL === undefined
        ? { to: "administrators" }
        : c.ADMIN_NOTIFY_EMAIL === "off"
          ? { to: "nobody" }
          : { to: "addresses", addresses: c.ADMIN_NOTIFY_EMAIL.split(",").map((a) => a.trim().toLowerCase()) },
    uploads: {
      store: c.UPLOADS_STORE,
      s3: c.UPLOADS_S3_URL
        ? {
            url: c.UPLOADS_S3_URL,
            region: c.UPLOADS_S3_REGION,
            credentials:
              c.UPLOADS_S3_ACCESS_KEY_ID && c.UPLOADS_S3_SECRET_ACCESS_KEY
                ? { accessKeyId: c.UPLOADS_S3_ACCESS_KEY_ID, secretAccessKey: c.UPLOADS_S3_SECRET_ACCESS_KEY }
                : null,
          }
        : null,
      presignedGets: c.UPLOADS_S3_PRESIGNED_GETS === "on",
    },
    metricsToken: c.METRICS_TOKEN ?? null,
    otlpEndpoint: c.OTEL_EXPORTER_OTLP_ENDPOINT?.replace(/\/+$/, "") ?? null,
    mail:
      c.SMTP_URL && c.MAIL_FROM
        ? { transport: "smtp", url: c.SMTP_URL, from: c.MAIL_FROM }
        : { transport: "file", folder: join(c.DATA_DIR, "outbox"), from: `"${c.SHOP_NAME.replace(/["\\]/g, "")}" <no-reply@${new URL(publicUrl).hostname}>` },
  };
}
