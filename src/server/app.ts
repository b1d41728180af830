import { randomUUID } from "node:crypto";
import { resolveAuthSecret } from "../../adapters/auth/auth-secret.ts";
import { createAuth, type Auth } from "../../adapters/auth/better-auth.ts";
import { isCommonPassword } from "../../adapters/auth/common-passwords.ts";
import { migrateToLatest, openDatabase, type Db } from "../../adapters/db/database.ts";
import type { EventListener } from "../../adapters/repositories/event-log.repository.ts";
import { createBatchingPageViewLog, type BatchingPageViewLog } from "../../adapters/repositories/page-view-log.repository.ts";
import { createLogger, type Logger } from "../../adapters/log/logger.ts";
import { createChatServices, type ChatServices } from "../../adapters/repositories/chat-services.ts";
import type { GuestDataMerger } from "../../domain/accounts/guest-data-merger.port.ts";
import { createSanitizeHtmlSanitizer } from "../../adapters/content/sanitize-html.sanitizer.ts";
import type { HtmlSanitizer } from "../../domain/content/html-sanitizer.port.ts";
import type { Clock } from "../../domain/shared/clock.port.ts";
import type { IdGenerator } from "../../domain/shared/id-generator.port.ts";
import type { CatalogAdminRepositories } from "../../domain/catalog/catalog-admin-repositories.port.ts";
import type { UnitOfWork } from "../../domain/shared/unit-of-work.port.ts";
import { createCatalogAdminUnitOfWork } from "../../adapters/repositories/catalog-admin.unit-of-work.ts";
import type { Audited } from "../../domain/audit/audit-log.port.ts";
import { createUploads, type Uploads } from "../../adapters/storage/uploads.ts";
import { createOgImages, type OgImages } from "../../adapters/images/og-png.ts";
import type { RateLimiter } from "../../domain/shared/rate-limiter.port.ts";
import type { ImageProcessor } from "../../domain/shared/image-processor.port.ts";
import type { CommonPasswordCheck } from "../../domain/accounts/password-policy.ts";
import { createSharpImageProcessor } from "../../adapters/storage/sharp-image-processor.ts";
import { loadConfig, type Config } from "./config.ts";
import { readCookie, verifyVisitorCookie, VISITOR_COOKIE } from "../../adapters/auth/visitor-cookie.ts";
import { mergeGuestData } from "../../domain/accounts/merge-guest-data.ts";
import { createMail, type Mail } from "./mail.ts";
import { createPaymentGateway, createShopping, shoppingGuestMergers, type Shopping } from "./shopping.ts";
import type { PaymentGateway } from "../../domain/payments/payment-gateway.port.ts";
import { analyticsProjections } from "../../read-models/analytics/analytics-projections.ts";
import { projectionListener } from "../../read-models/analytics/projection.ts";
import { trackShopperRegistration } from "./track-registration.ts";
import { catalogueVersionReader, readCatalogueStamp } from "../../read-models/storefront/catalogue-version.query.ts";
import { createCatalogueCache, noCatalogueCache, type CatalogueCache } from "./catalogue-cache.ts";
import { createPaymentReconciler, type PaymentReconciler } from "./payment-reconciler.ts";
import { createLateOrderJob, type BackgroundJob } from "./late-order-job.ts";
import { createItemRequestRepository } from "../../adapters/repositories/item-request.repository.ts";
import type { ItemRequestRepository } from "../../domain/catalog/item-request-repository.port.ts";
import { randomPromoCodes } from "../../adapters/random/referral-code-generator.ts";
import type { PromoCodeGenerator } from "../../domain/promotions/promo-claims.port.ts";

/**
 * The composition root: the one place that reads the configuration, builds the adapters and hands
 * them to routes (through Astro.locals.app) and to the CLI. Nothing else constructs adapters.
 */
export interface App {
  config: Config;
  db: Db;
  log: Logger;
  clock: Clock;
  ids: IdGenerator;
  auth: Auth;
  /** Signs visitor cookies; the same secret better-auth signs sessions with. */
  secret: string;
  /** Each module that keeps guest data (cart, wishlist, support) registers how to move it at sign-in. */
  guestMergers: GuestDataMerger[];
  /** Run inside the transaction of every appended event (the analytics projections). */
  eventListeners: EventListener[];
  /**
   * Where page views are recorded: concurrent ones share a transaction (group commit). close()
   * it before destroying the database, so the views already queued are written.
   */
  pageViews: BatchingPageViewLog;
  /** Catalogue management (admin panel): games, categories and products in one transaction. */
  catalogAdmin: UnitOfWork<CatalogAdminRepositories & Audited>;
  /** Uploaded images under DATA_DIR/uploads, served from /uploads/... */
  uploads: Uploads;
  /** PNG previews (og:image) drawn from items' pictures, cached under DATA_DIR/og-cache. */
  ogImages: OgImages;
  /** Support conversations and order chats (issue 6). */
  chat: ChatServices;
  /** How shoppers pay: the sandbox or PayPal (PAYMENT_PROVIDER). */
  payments: PaymentGateway;
  /** Units of work of the cart, wishlist, discount codes and ordering. */
  shopping: Shopping;
  /** Cleans blog post HTML before it is stored and again before it is rendered. */
  htmlSanitizer: HtmlSanitizer;
  /** Rendered catalogue pages and catalogue API answers, checked against the catalogue's version. */
  catalogueCache: CatalogueCache;
  /** The one attempt counter behind every brake on guessable or hoardable things (shared by processes). */
  rateLimiter: RateLimiter;
  /** Whether a password is on the breached-passwords list (sign-up, reset, change, operator). */
  isCommonPassword: CommonPasswordCheck;
  /** Reads uploaded pictures' headers and strips their metadata (sharp). */
  images: ImageProcessor;
  /** Asks the payment provider about payments held for review (started by the server, not by tests or the CLI). */
  paymentReconciler: PaymentReconciler;
  /** Marks and compensates late orders every SLA_CHECK_SECONDS once started (scripts/start.ts starts it). */
  lateOrders: BackgroundJob;
  /** The mail outbox and its worker (issue 19). */
  mail: Mail;
  /** Shoppers' requests for items the catalogue lacks. */
  itemRequests: ItemRequestRepository;
  /** The first-visit promo's single-use codes (issue 19). */
  promoCodes: PromoCodeGenerator;
}

export const systemClock: Clock = { now: () => new Date() };
export const uuidGenerator: IdGenerator = { newId: () => randomUUID() };

export function createApp(config: Config, overrides: Partial<Pick<App, "clock" | "ids" | "log">> = {}): App {
  const db = openDatabase(config.databaseUrl);
  const secret = resolveAuthSecret(config.authSecret, config.dataDir);
  const clock = overrides.clock ?? systemClock;
  const ids = overrides.ids ?? uuidGenerator;
  // The analytics projections fold every appended event in the append's transaction.
  const eventListeners: EventListener[] = analyticsProjections({ timeZone: config.timeZone }).map(projectionListener);
  const chat = createChatServices(db, clock, eventListeners, { messagesPerMinute: config.chatMessagesPerMinute });
  const log = overrides.log ?? createLogger(config.logLevel);
  const mail = createMail(db, config, { clock, ids, log });
  const shopping = createShopping(db, eventListeners, { ids, clock, pointsPerDollar: config.pointsPerDollar }, mail.outbox);
  const app: App = {
    config,
    db,
    log,
    clock,
    ids,
    auth: createAuth(db, {
      appName: config.shop.name,
      secret,
      publicUrl: config.publicUrl,
      google: config.google,
      rateLimits: config.authRateLimits,
      isCommonPassword,
      onShopperCreated: (user, headers) => trackShopperRegistration(app, user, headers),
      onSessionCreated: (userId, headers) => mergeGuestOf(app, userId, headers),
      sendMail: (message) => db.transaction().execute((trx) => mail.outbox(trx).add(message)),
    }),
    secret,
    catalogAdmin: createCatalogAdminUnitOfWork(db, clock),
    uploads: createUploads(config.dataDir),
    ogImages: createOgImages(config.dataDir),
    guestMergers: [chat.guestMerger],
    eventListeners,
    pageViews: createBatchingPageViewLog(db, eventListeners, {
      onBackgroundError: (error) => log.error({ err: error }, "sweeping stale tracking rate-limit windows failed"),
    }),
    chat,
    payments: createPaymentGateway(config.payments, { clock, log, shopName: config.shop.name }),
    shopping,
    mail,
    htmlSanitizer: createSanitizeHtmlSanitizer(),
    rateLimiter: chat.rateLimiter,
    images: createSharpImageProcessor(),
    isCommonPassword,
    catalogueCache: config.catalogueCache
      ? createCatalogueCache({ readVersion: catalogueVersionReader(db), readStamp: (now) => readCatalogueStamp(db, now), clock })
      : noCatalogueCache,
    paymentReconciler: undefined as unknown as PaymentReconciler,
    lateOrders: createLateOrderJob({ config, clock, log, shopping }),
    itemRequests: createItemRequestRepository(db),
    promoCodes: randomPromoCodes,
  };
  app.paymentReconciler = createPaymentReconciler(app);
  app.guestMergers.push(...shoppingGuestMergers(app));
  return app;
}

/**
 * Every sign-in path (password, Google, a reset followed by a sign-in) ends in a new session: the
 * guest of the request's visitor cookie gets its cart, wishlist and chats moved to the account here,
 * the same way for all of them. A failure is logged and never stops the sign-in.
 */
async function mergeGuestOf(app: App, userId: string, headers: Headers | null): Promise<void> {
  try {
    const visitorId = verifyVisitorCookie(readCookie(headers?.get("cookie") ?? null, VISITOR_COOKIE), app.secret);
    if (!visitorId) return;
    // Staff accounts take no guest data: the admin login never merged, and a session may exist
    // before a second factor is checked.
    const user = await app.db.selectFrom("user").select("isAdmin").where("id", "=", userId).executeTakeFirst();
    if (!user || user.isAdmin === 1 || (user.isAdmin as unknown) === true) return;
    const { failed } = await mergeGuestData(visitorId, userId, app.guestMergers);
    for (const failure of failed) app.log.error({ err: failure.error, merger: failure.name, userId }, "guest data merge failed");
  } catch (error) {
    app.log.error({ err: error, userId }, "guest data merge failed");
  }
}

let running: Promise<App> | undefined;
// The server bundle built by Astro holds its own copy of this module: the app that scripts/start.ts
// composed reaches it through a global, so pages and the front share one database pool and cache.
const SHARED_APP = Symbol.for("bloxbazaar.app");

/** Makes `app` the one getApp() answers in this process (scripts/start.ts, before serving). */
export function shareApp(app: App): void {
  (globalThis as Record<symbol, unknown>)[SHARED_APP] = app;
}

/** The server's app: the one shared by scripts/start.ts, else built on first use from process.env with the schema brought up to date. */
export function getApp(): Promise<App> {
  const shared = (globalThis as Record<symbol, unknown>)[SHARED_APP] as App | undefined;
  if (shared) return Promise.resolve(shared);
  running ??= (async () => {
    const app = createApp(loadConfig(process.env));
    await migrateToLatest(app.db);
    writeQueuedPageViewsOnStop(app);
    app.paymentReconciler.start();
    // Astro's own server (npm run dev, or the build run without scripts/start.ts) looks for late orders too.
    app.lateOrders.start();
    app.mail.worker.start();
    return app;
  })();
  return running;
}

const STOP_GRACE_MS = 5000;

// A stop (SIGTERM, Ctrl-C) first writes the page views already queued, then ends the process as
// the signal would have. Their requests' answers may be cut off, but what was stored is stored.
function writeQueuedPageViewsOnStop(app: App): void {
  for (const signal of ["SIGTERM", "SIGINT"] as const) {
    process.once(signal, () => {
      const stop = () => process.kill(process.pid, signal);
      const deadline = setTimeout(stop, STOP_GRACE_MS);
      void Promise.all([app.paymentReconciler.stop(), app.lateOrders.stop(), app.mail.worker.stop(), app.pageViews.close()]).finally(() => {
        clearTimeout(deadline);
        stop();
      });
    });
  }
}
