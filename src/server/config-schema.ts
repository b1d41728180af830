import * as z from "zod";
import { PAYMENT_SETTINGS } from "./payments-config.ts";
import { ROBLOX_SETTINGS } from "./roblox-config-schema.ts";
import { isCommonPassword } from "#adapters/auth/common-passwords.ts";
import { isTimeZone } from "#domain/analytics/analytics-day.ts";

/** The default database: a newcomer's local store, the one place demo data is seeded unasked. */
export const DEFAULT_DATABASE_URL = "file:./data/shop.db";

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
  EVENT_STREAMS_MAX: z.coerce
    .number()
    .int()
    .min(1)
    .max(100000)
    .default(2000)
    .describe(
      "Live channels (GET /api/events) one process holds; past it the shoppers' stream idle the longest is closed with a retry hint (staff streams only for staff).",
    ),
  WEBHOOKS_ALLOW_LOCAL: z
    .enum(["0", "1"])
    .default("0")
    .describe(
      "1 lets outgoing webhooks use plain http and loopback, private or link-local addresses (tests and development only); 0 (production) allows https to public addresses only.",
    ),
  ...PAYMENT_SETTINGS,
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
  ...ROBLOX_SETTINGS,
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
  PARENT_LINK_HOURS: z.coerce
    .number()
    .int()
    .min(1)
    .max(168)
    .default(48)
    .describe("Hours a parent's payment link (an under-18 account's checkout) stays open; its items stay held meanwhile."),
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
  CANCEL_GRANT_HOURS: z.coerce
    .number()
    .min(0.01)
    .max(720)
    .default(24)
    .describe("Hours a shopper's request to cancel a started order waits for staff; unanswered after them, the store grants it."),
  DELIVERY_CONFIRM_HOURS: z.coerce
    .number()
    .min(1)
    .max(720)
    .default(72)
    .describe("Hours a delivered order shows 'I got it' and 'I didn't get it'; silence completes it after them."),
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
  RISK_HOLD_SCORE: z.coerce
    .number()
    .int()
    .min(0)
    .max(100)
    .default(50)
    .describe(
      "The risk score at which a paid order is held for review until the owner saves their own in the admin panel's Risk settings (0 holds every order, 100 none).",
    ),
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
  OTEL_EXPORTER_OTLP_ENDPOINT: z
    .url()
    .optional()
    .describe(
      "Turns on OpenTelemetry tracing: a span per request (named by its route pattern) and per background job run, sent by OTLP/HTTP (JSON) to <this URL>/v1/traces, e.g. http://localhost:4318. Unset: no tracing code is loaded.",
    ),
});
