import * as z from "zod";
import { isTimeZone } from "../../domain/analytics/analytics-day.ts";

/**
 * The store's configuration, read once from the environment at start. Every variable has a default
 * that gives a working local store; a bad value stops start-up with one clear line naming it.
 */
const ConfigSchema = z.object({
  DATABASE_URL: z
    .string()
    .regex(/^(file:.+|postgres(ql)?:\/\/.+)$/, "must be file:<path> or postgres://...")
    .default("file:./data/shop.db"),
  HOST: z.string().min(1).default("localhost"),
  PORT: z.coerce.number().int().min(1).max(65535).default(4321),
  PUBLIC_URL: z.url().optional(),
  DATA_DIR: z.string().min(1).default("./data"),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  AUTH_SECRET: z.string().min(32, "must be at least 32 characters").optional(),
  ADMIN_EMAIL: z.email().optional(),
  ADMIN_PASSWORD: z.string().min(8, "must be at least 8 characters").optional(),
  GOOGLE_CLIENT_ID: z.string().min(1).optional(),
  GOOGLE_CLIENT_SECRET: z.string().min(1).optional(),
  TRUST_PROXY: z.enum(["0", "1", "true", "false"]).default("0"),
  SIGN_IN_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).max(10000).default(10),
  SIGN_UP_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).max(10000).default(5),
  CHAT_MESSAGE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).max(100000).default(20),
  PAYMENT_PROVIDER: z.enum(["sandbox", "paypal"]).default("sandbox"),
  PAYPAL_CLIENT_ID: z.string().min(1).optional(),
  PAYPAL_CLIENT_SECRET: z.string().min(1).optional(),
  PAYPAL_API_BASE: z.url().default("https://api-m.sandbox.paypal.com"),
  POINTS_PER_DOLLAR: z.coerce.number().int().min(0).max(10000).default(100),
  TIME_ZONE: z.string().refine(isTimeZone, "must be an IANA time zone such as UTC or Europe/Berlin").default("UTC"),
  TRACKING_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).max(1_000_000).default(120),
  CATALOGUE_CACHE: z.enum(["on", "off"]).default("on"),
  SIGN_IN_ACCOUNT_LIMIT: z.coerce.number().int().min(1).max(10000).default(10),
  CODE_VALIDATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).max(10000).default(10),
  CHECKOUT_PREPARE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).max(1_000_000).default(10),
  CHECKOUT_MAX_UNITS_PER_PRODUCT: z.coerce.number().int().min(1).max(100000).default(10),
  CHECKOUT_MAX_UNITS_HELD: z.coerce.number().int().min(1).max(1000000).default(30),
  ADMIN_SESSION_IDLE_HOURS: z.coerce.number().min(0.01).max(24 * 30).default(8),
});

/** Variables that only make sense together. */
const PAIRS = [
  ["ADMIN_EMAIL", "ADMIN_PASSWORD"],
  ["GOOGLE_CLIENT_ID", "GOOGLE_CLIENT_SECRET"],
  ["PAYPAL_CLIENT_ID", "PAYPAL_CLIENT_SECRET"],
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
  /** How shoppers pay: the sandbox (no money moves) unless PayPal is configured. */
  payments: { provider: "sandbox" } | { provider: "paypal"; clientId: string; clientSecret: string; apiBase: string };
  /** Rewards points credited per dollar paid for a completed order (0 turns purchase points off). */
  pointsPerDollar: number;
  /** The one time zone of analytics' "today" and day buckets. */
  timeZone: string;
  /** Calls per visitor and minute to each tracking endpoint before 429. */
  trackingLimitPerMinute: number;
  /** Keep rendered catalogue pages and API answers per process, checked against the catalogue's version. */
  catalogueCache: boolean;
  /** Brakes on what a client can repeat (see docs/security.md). */
  abuseLimits: {
    /** Sign-in attempts per account in 15 minutes, from any address. */
    signInPerAccount: number;
    /** Discount codes one shopper may try a minute (an address: five times that). */
    codeValidationsPerMinute: number;
    /** Checkout prepares one account may make a minute (an address: five times that). */
    preparesPerMinute: number;
  };
  /** What one shopper's prepared checkout may hold from other shoppers. */
  holdCaps: { maxUnitsPerProduct: number; maxUnitsHeld: number };
  /** An administrator's session ends after this long without a request. */
  adminSessionIdleMs: number;
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
      return `${name}=${JSON.stringify(present[name] ?? "")} is invalid: ${issue.message}`;
    });
    throw new ConfigError(`Invalid configuration: ${lines.join("; ")}`);
  }
  const c = parsed.data;
  for (const [a, b] of PAIRS) {
    if ((c[a] === undefined) !== (c[b] === undefined)) {
      throw new ConfigError(`Invalid configuration: ${c[a] === undefined ? a : b} must be set together with ${c[a] === undefined ? b : a}`);
    }
  }
  if (c.PAYMENT_PROVIDER === "paypal" && (!c.PAYPAL_CLIENT_ID || !c.PAYPAL_CLIENT_SECRET)) {
    throw new ConfigError("Invalid configuration: PAYMENT_PROVIDER=paypal needs PAYPAL_CLIENT_ID and PAYPAL_CLIENT_SECRET");
  }
  return {
    databaseUrl: c.DATABASE_URL,
    host: c.HOST,
    port: c.PORT,
    publicUrl: (c.PUBLIC_URL ?? `http://${c.HOST}:${c.PORT}`).replace(/\/+$/, ""),
    dataDir: c.DATA_DIR,
    logLevel: c.LOG_LEVEL,
    authSecret: c.AUTH_SECRET,
    admin: c.ADMIN_EMAIL && c.ADMIN_PASSWORD ? { email: c.ADMIN_EMAIL, password: c.ADMIN_PASSWORD } : null,
    google: c.GOOGLE_CLIENT_ID && c.GOOGLE_CLIENT_SECRET ? { clientId: c.GOOGLE_CLIENT_ID, clientSecret: c.GOOGLE_CLIENT_SECRET } : null,
    trustProxy: c.TRUST_PROXY === "1" || c.TRUST_PROXY === "true",
    authRateLimits: { signInPerMinute: c.SIGN_IN_LIMIT_PER_MINUTE, signUpPerMinute: c.SIGN_UP_LIMIT_PER_MINUTE },
    chatMessagesPerMinute: c.CHAT_MESSAGE_LIMIT_PER_MINUTE,
    payments:
      c.PAYMENT_PROVIDER === "paypal" && c.PAYPAL_CLIENT_ID && c.PAYPAL_CLIENT_SECRET
        ? { provider: "paypal", clientId: c.PAYPAL_CLIENT_ID, clientSecret: c.PAYPAL_CLIENT_SECRET, apiBase: c.PAYPAL_API_BASE.replace(/\/+$/, "") }
        : { provider: "sandbox" },
    pointsPerDollar: c.POINTS_PER_DOLLAR,
    timeZone: c.TIME_ZONE,
    trackingLimitPerMinute: c.TRACKING_LIMIT_PER_MINUTE,
    catalogueCache: c.CATALOGUE_CACHE === "on",
    abuseLimits: {
      signInPerAccount: c.SIGN_IN_ACCOUNT_LIMIT,
      codeValidationsPerMinute: c.CODE_VALIDATE_LIMIT_PER_MINUTE,
      preparesPerMinute: c.CHECKOUT_PREPARE_LIMIT_PER_MINUTE,
    },
    holdCaps: { maxUnitsPerProduct: c.CHECKOUT_MAX_UNITS_PER_PRODUCT, maxUnitsHeld: c.CHECKOUT_MAX_UNITS_HELD },
    adminSessionIdleMs: Math.round(c.ADMIN_SESSION_IDLE_HOURS * 3_600_000),
  };
}
