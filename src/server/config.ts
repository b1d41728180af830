import { join } from "node:path";
import * as z from "zod";
import { isCommonPassword } from "#adapters/auth/common-passwords.ts";
import { isTimeZone } from "#domain/analytics/analytics-day.ts";

/** The default database: a newcomer's local store, the one place demo data is seeded unasked. */
const DEFAULT_DATABASE_URL = "file:./data/shop.db";

/**
 * The store's configuration, read once from the environment at start. Every variable has a default
 * that gives a working local store; a bad value stops start-up with one clear line naming it.
 */
export const ConfigSchema = z.object({
  DATABASE_URL: z
    .string()
    .regex(/^(file:.+|postgres(ql)?:\/\/.+)$/, "must be file:<path> or postgres://...")
    .default(DEFAULT_DATABASE_URL)
    .describe(
      "Where the store keeps its data: file:<path> for the embedded SQLite file, or postgres://user:password@host:5432/db for PostgreSQL (several processes).",
    ),
  HOST: z
    .string()
    .min(1)
    .default("localhost")
    .describe("Address the server listens on (0.0.0.0 for every interface; keep localhost behind a reverse proxy on the same machine)."),
  PORT: z.coerce.number().int().min(1).max(65535).default(4321).describe("Port the server listens on."),
  PUBLIC_URL: z
    .url()
    .optional()
    .describe("The shop's public origin (https://shop.example.com), used for canonical URLs, Open Graph tags and emails. Unset: http://HOST:PORT."),
  DATA_DIR: z
    .string()
    .min(1)
    .default("./data")
    .describe(
      "Folder for the store's own files: uploads with UPLOADS_STORE=folder, the .eml mail outbox, the generated auth secret on SQLite, and preview images.",
    ),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info").describe("How much the server logs (pino levels)."),
  AUTH_SECRET: z
    .string()
    .min(32, "must be at least 32 characters")
    .optional()
    .describe(
      "Secret that signs sessions, at least 32 characters. Unset: one is generated once and kept in the database on PostgreSQL (shared by every process; rotate it with npm run cli -- secret rotate), in DATA_DIR/auth-secret on SQLite.",
    ),
  ADMIN_EMAIL: z.email().optional().describe("The administrator the store makes sure exists at start (with ADMIN_PASSWORD)."),
  ADMIN_PASSWORD: z
    .string()
    .min(8, "must be at least 8 characters")
    .refine((password) => !isCommonPassword(password), "is one of the most common passwords; choose another")
    .optional()
    .describe("Password of ADMIN_EMAIL, at least 8 characters and not one of the most common passwords."),
  GOOGLE_CLIENT_ID: z.string().min(1).optional().describe("Google sign-in: OAuth client id (with GOOGLE_CLIENT_SECRET). Unset: no Google button."),
  GOOGLE_CLIENT_SECRET: z.string().min(1).optional().describe("Google sign-in: OAuth client secret."),
  TRUST_PROXY: z
    .enum(["0", "1", "true", "false"])
    .default("0")
    .describe("1 to take the client's address from X-Forwarded-For; set it only behind your own reverse proxy."),
  SIGN_IN_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).max(10000).default(10).describe("Sign-in attempts per client address and minute before 429."),
  SIGN_UP_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).max(10000).default(5).describe("Sign-up attempts per client address and minute before 429."),
  CHAT_MESSAGE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).max(100000).default(20).describe("Chat messages one shopper may send per minute before 429."),
  PAYMENT_PROVIDER: z
    .enum(["sandbox", "paypal"])
    .default("sandbox")
    .describe("How shoppers pay: sandbox (no money moves; refused on an https PUBLIC_URL unless ALLOW_SANDBOX_PAYMENTS=1) or paypal."),
  PAYPAL_CLIENT_ID: z.string().min(1).optional().describe("PayPal REST app client id (with PAYPAL_CLIENT_SECRET)."),
  PAYPAL_CLIENT_SECRET: z.string().min(1).optional().describe("PayPal REST app secret."),
  PAYPAL_API_BASE: z.url().default("https://api-m.sandbox.paypal.com").describe("PayPal API origin: https://api-m.paypal.com for live payments."),
  PAYPAL_WEBHOOK_ID: z
    .string()
    .regex(/^[A-Za-z0-9]+$/, "must be the webhook id from your PayPal app")
    .optional()
    .describe(
      "Id of the webhook registered in the PayPal app for PUBLIC_URL/paypal/webhook; webhooks are verified against it (unset: every webhook is refused).",
    ),
  PAYPAL_TIMEOUT_SECONDS: z.coerce.number().min(1).max(120).default(15).describe("Seconds any call to PayPal may take before it is given up."),
  PAYMENT_RECONCILE_SECONDS: z.coerce
    .number()
    .int()
    .min(5)
    .max(86400)
    .default(300)
    .describe("Seconds between asking the payment provider about payments still held for review (reconciliation, when a webhook does not come)."),
  SANDBOX_PENDING_SECONDS: z.coerce
    .number()
    .int()
    .min(0)
    .max(86400)
    .default(30)
    .describe("Sandbox only: seconds a 'pending review' test payment stays pending before reconciliation finds it paid."),
  POINTS_PER_DOLLAR: z.coerce
    .number()
    .int()
    .min(0)
    .max(10000)
    .default(100)
    .describe("Rewards points credited per dollar of a completed order (0 turns purchase points off)."),
  TIME_ZONE: z
    .string()
    .refine(isTimeZone, "must be an IANA time zone such as UTC or Europe/Berlin")
    .default("UTC")
    .describe("IANA time zone of analytics' days (UTC, Europe/Berlin, ...)."),
  TRACKING_LIMIT_PER_MINUTE: z.coerce
    .number()
    .int()
    .min(1)
    .max(1_000_000)
    .default(120)
    .describe("Calls per visitor and minute to each tracking endpoint before 429."),
  SHOP_NAME: z.string().min(1).max(60).default("BloxBazaar").describe("The shop's name in titles, header, footer and structured data."),
  SUPPORT_EMAIL: z.email().optional().describe("Address shoppers write to (contact, about and policy pages). Unset: support@ the PUBLIC_URL's host."),
  DEMO_DATA: z
    .enum(["on", "off"])
    .optional()
    .describe(
      "on to seed an empty database with the demo catalogue, content and public discount codes (WELCOME10, SAVE5). Unset: on for the default SQLite file (./data/shop.db), off for any other database.",
    ),
  ALLOW_SANDBOX_PAYMENTS: z
    .enum(["0", "1"])
    .default("0")
    .describe("1 to allow PAYMENT_PROVIDER=sandbox on an https PUBLIC_URL (a public test shop; every page then says no money moves)."),
  CATALOGUE_CACHE: z
    .enum(["on", "off"])
    .default("on")
    .describe(
      "on to keep rendered catalogue and content pages per process, the same for every visitor (checked against the storefront's version on every request), off to render every time.",
    ),
  SIGN_IN_ACCOUNT_LIMIT: z.coerce
    .number()
    .int()
    .min(1)
    .max(10000)
    .default(10)
    .describe("Sign-in attempts per account in 15 minutes, from any address, before 429."),
  CODE_VALIDATE_LIMIT_PER_MINUTE: z.coerce
    .number()
    .int()
    .min(1)
    .max(10000)
    .default(10)
    .describe("Discount codes one shopper may try a minute (an address: five times that)."),
  CHECKOUT_PREPARE_LIMIT_PER_MINUTE: z.coerce
    .number()
    .int()
    .min(1)
    .max(1_000_000)
    .default(10)
    .describe("Checkout prepares one account may make a minute (an address: five times that)."),
  CHECKOUT_MAX_UNITS_PER_PRODUCT: z.coerce
    .number()
    .int()
    .min(1)
    .max(100000)
    .default(10)
    .describe("Units of one product a shopper's prepared checkout may hold from other shoppers."),
  CHECKOUT_MAX_UNITS_HELD: z.coerce
    .number()
    .int()
    .min(1)
    .max(1000000)
    .default(30)
    .describe("Units in all a shopper's prepared checkout may hold from other shoppers."),
  STAFF_2FA: z
    .enum(["optional", "required"])
    .default("optional")
    .describe(
      "required: a staff member without two-factor sign-in must set it up before any admin call (the panel asks at once); optional: each staff member chooses.",
    ),
  DELIVERY_SLA_MINUTES: z.coerce
    .number()
    .min(0.01)
    .max(10080)
    .default(20)
    .describe("Minutes from payment to the delivery deadline every order is promised (fractions allowed)."),
  SLA_CHECK_SECONDS: z.coerce
    .number()
    .min(0)
    .max(86400)
    .default(30)
    .describe("How often each app process looks for late orders, in seconds (0: this process never looks)."),
  SLA_COMPENSATION_POINTS: z.coerce
    .number()
    .int()
    .min(0)
    .max(1_000_000)
    .default(500)
    .describe("Rewards points credited once to the shopper of each late order (0 turns compensation off)."),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\/[^\s]+$/, "must be smtp://user:password@host:587 or smtps://user:password@host:465")
    .optional()
    .describe(
      "Mail server that delivers the store's emails (with MAIL_FROM): smtp://user:password@host:587 (STARTTLS) or smtps://...:465. Unset: every email is kept as an .eml file under DATA_DIR/outbox/ and shown in the admin panel's Mail view.",
    ),
  MAIL_FROM: z.string().min(3).max(200).optional().describe('Sender of the store\'s emails, as "Shop name <shop@example.com>" or an address (with SMTP_URL).'),
  ADMIN_NOTIFY_EMAIL: z
    .string()
    .regex(/^(off|[^\s,@]+@[^\s,@]+(\s*,\s*[^\s,@]+@[^\s,@]+)*)$/, "must be off or email addresses separated by commas")
    .optional()
    .describe(
      "Who is emailed about new orders and support conversations (one email a minute at most): addresses separated by commas, or off. Unset: every administrator.",
    ),
  ADMIN_SESSION_IDLE_HOURS: z.coerce
    .number()
    .min(0.01)
    .max(24 * 30)
    .default(8)
    .describe("Hours without a request after which an administrator's session ends."),
  UPLOADS_STORE: z
    .enum(["database", "folder", "s3"])
    .default("database")
    .describe(
      "Where uploaded files (logos, review screenshots, delivery proofs) are kept: database (every process shares them), folder (DATA_DIR/uploads and DATA_DIR/proofs: one machine only) or s3 (UPLOADS_S3_URL). Move existing files with npm run cli -- uploads move.",
    ),
  UPLOADS_S3_URL: z
    .string()
    .regex(/^(s3:\/\/[a-z0-9][a-z0-9.-]{1,62}(\/.*)?|https?:\/\/[^\s/]+\/[^\s]+)$/, "must be s3://bucket[/prefix] or http(s)://host/bucket[/prefix]")
    .optional()
    .describe(
      "With UPLOADS_STORE=s3: the bucket, as s3://bucket[/prefix] on AWS or http(s)://host:port/bucket[/prefix] for an S3-compatible server (MinIO, R2, Garage; path-style).",
    ),
  UPLOADS_S3_REGION: z
    .string()
    .min(1)
    .default("us-east-1")
    .describe("With UPLOADS_STORE=s3: the bucket's region (S3-compatible servers usually accept us-east-1)."),
  UPLOADS_S3_ACCESS_KEY_ID: z
    .string()
    .min(1)
    .optional()
    .describe(
      "With UPLOADS_STORE=s3: the access key (with UPLOADS_S3_SECRET_ACCESS_KEY). Unset: the AWS SDK's own chain (AWS_* variables, the instance's role).",
    ),
  UPLOADS_S3_SECRET_ACCESS_KEY: z.string().min(1).optional().describe("With UPLOADS_STORE=s3: the secret of UPLOADS_S3_ACCESS_KEY_ID."),
  UPLOADS_S3_PRESIGNED_GETS: z
    .enum(["on", "off"])
    .default("off")
    .describe(
      "With UPLOADS_STORE=s3: on to send the browser to the bucket with a GET URL signed for 60 s for private files (delivery proofs, review screenshots) after the store's permission check; the page's Content-Security-Policy img-src must then allow the bucket's origin. off: the store serves the bytes itself.",
    ),
  METRICS_TOKEN: z
    .string()
    .min(24, "must be at least 24 characters")
    .optional()
    .describe(
      "Turns on GET /metrics (Prometheus text format) for requests with Authorization: Bearer <this token>, at least 24 characters. Unset: /metrics is 404.",
    ),
});

/** Variables whose values must not appear in an error message. */
const SECRET_VARIABLES = new Set([
  "ADMIN_PASSWORD",
  "AUTH_SECRET",
  "PAYPAL_CLIENT_SECRET",
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
  /** How shoppers pay: the sandbox (no money moves) unless PayPal is configured. */
  payments:
    | { provider: "sandbox"; pendingSeconds: number }
    | { provider: "paypal"; clientId: string; clientSecret: string; apiBase: string; webhookId: string | undefined; timeoutSeconds: number };
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
  /** What one shopper's prepared checkout may hold from other shoppers. */
  holdCaps: { maxUnitsPerProduct: number; maxUnitsHeld: number };
  /** An administrator's session ends after this long without a request. */
  adminSessionIdleMs: number;
  /** STAFF_2FA=required: admin calls need a staff member with two-factor sign-in on (issue 20). */
  staffTwoFactorRequired: boolean;
  /** The delivery promise: its length, how often late orders are looked for, what lateness costs. */
  delivery: { slaMinutes: number; checkIntervalMs: number; compensationPoints: number };
  /** Where emails go: an SMTP server, or .eml files under DATA_DIR/outbox/ (the embedded default). */
  mail: { transport: "smtp"; url: string; from: string } | { transport: "file"; folder: string; from: string };
  /** Who hears about new orders and conversations: these addresses, every administrator, or nobody. */
  adminNotify: { to: "administrators" } | { to: "addresses"; addresses: string[] } | { to: "nobody" };
  /** Where uploaded files' bytes are kept (issue 39). */
  uploads: {
    store: "database" | "folder" | "s3";
    s3: { url: string; region: string; credentials: { accessKeyId: string; secretAccessKey: string } | null } | null;
    /** Private files on S3 are fetched by the browser with a presigned GET. */
    presignedGets: boolean;
  };
  /** GET /metrics answers requests with this bearer token; null: /metrics is off (404). */
  metricsToken: string | null;
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
  if (c.PAYMENT_PROVIDER === "paypal" && (!c.PAYPAL_CLIENT_ID || !c.PAYPAL_CLIENT_SECRET)) {
    throw new ConfigError("Invalid configuration: PAYMENT_PROVIDER=paypal needs PAYPAL_CLIENT_ID and PAYPAL_CLIENT_SECRET");
  }
  const publicUrl = (c.PUBLIC_URL ?? `http://${c.HOST}:${c.PORT}`).replace(/\/+$/, "");
  const https = publicUrl.startsWith("https:");
  // A public shop on sandbox payments hands out orders without payment: only when said on purpose.
  if (https && c.PAYMENT_PROVIDER === "sandbox" && c.ALLOW_SANDBOX_PAYMENTS !== "1") {
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
    payments:
      c.PAYMENT_PROVIDER === "paypal" && c.PAYPAL_CLIENT_ID && c.PAYPAL_CLIENT_SECRET
        ? {
            provider: "paypal",
            clientId: c.PAYPAL_CLIENT_ID,
            clientSecret: c.PAYPAL_CLIENT_SECRET,
            apiBase: c.PAYPAL_API_BASE.replace(/\/+$/, ""),
            webhookId: c.PAYPAL_WEBHOOK_ID,
            timeoutSeconds: c.PAYPAL_TIMEOUT_SECONDS,
          }
        : { provider: "sandbox", pendingSeconds: c.SANDBOX_PENDING_SECONDS },
    reconcileSeconds: c.PAYMENT_RECONCILE_SECONDS,
    pointsPerDollar: c.POINTS_PER_DOLLAR,
    timeZone: c.TIME_ZONE,
    trackingLimitPerMinute: c.TRACKING_LIMIT_PER_MINUTE,
    catalogueCache: c.CATALOGUE_CACHE === "on",
    shop: { name: c.SHOP_NAME, supportEmail: c.SUPPORT_EMAIL ?? `support@${new URL(publicUrl).hostname}` },
    demoData: (c.DEMO_DATA ?? (defaultSqlite ? "on" : "off")) === "on",
    publicSandbox: https && c.PAYMENT_PROVIDER === "sandbox",
    abuseLimits: {
      signInPerAccount: c.SIGN_IN_ACCOUNT_LIMIT,
      codeValidationsPerMinute: c.CODE_VALIDATE_LIMIT_PER_MINUTE,
      preparesPerMinute: c.CHECKOUT_PREPARE_LIMIT_PER_MINUTE,
    },
    holdCaps: { maxUnitsPerProduct: c.CHECKOUT_MAX_UNITS_PER_PRODUCT, maxUnitsHeld: c.CHECKOUT_MAX_UNITS_HELD },
    adminSessionIdleMs: Math.round(c.ADMIN_SESSION_IDLE_HOURS * 3_600_000),
    staffTwoFactorRequired: c.STAFF_2FA === "required",
    delivery: {
      slaMinutes: c.DELIVERY_SLA_MINUTES,
      checkIntervalMs: Math.round(c.SLA_CHECK_SECONDS * 1000),
      compensationPoints: c.SLA_COMPENSATION_POINTS,
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
    mail:
      c.SMTP_URL && c.MAIL_FROM
        ? { transport: "smtp", url: c.SMTP_URL, from: c.MAIL_FROM }
        : { transport: "file", folder: join(c.DATA_DIR, "outbox"), from: `"${c.SHOP_NAME.replace(/["\\]/g, "")}" <no-reply@${new URL(publicUrl).hostname}>` },
  };
}
