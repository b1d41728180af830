import { randomUUID } from "node:crypto";
import { resolveAuthSecret } from "#adapters/auth/auth-secret.ts";
import { sharedSecrets, type SigningSecrets } from "#adapters/auth/shared-secret.ts";
import { createAuth, type Auth } from "#adapters/auth/better-auth.ts";
import { isCommonPassword } from "#adapters/auth/common-passwords.ts";
import { isPostgresUrl, migrateToLatest, openDatabase, poolUse, type Db } from "#adapters/db/database.ts";
import { createMetrics, type Metrics } from "#adapters/metrics/metrics.ts";
import { createTracing, type Tracing } from "#adapters/tracing/tracing.ts";
import { operationsFigures } from "#read-models/operations/operations-figures.query.ts";
import type { EventListener } from "#adapters/repositories/event-log.repository.ts";
import { createBatchingPageViewLog, type BatchingPageViewLog } from "#adapters/repositories/page-view-log.repository.ts";
import { createLogger, type Logger } from "#adapters/log/logger.ts";
import { createSupportUnitOfWork } from "#adapters/repositories/support.unit-of-work.ts";
import { createSupportConversationRepository } from "#adapters/repositories/support-conversation.repository.ts";
import { createSupportMessageRepository } from "#adapters/repositories/support-message.repository.ts";
import { createOrderChatUnitOfWork } from "#adapters/repositories/order-chat.unit-of-work.ts";
import { createOrderChatRepository } from "#adapters/repositories/order-chat.repository.ts";
import { createOrderOwnership } from "#adapters/repositories/order-ownership.repository.ts";
import { createRateLimiter } from "#adapters/repositories/rate-limit-counter.repository.ts";
import { DEFAULT_CHAT_LIMITS } from "#domain/support/chat-limits.ts";
import { createChatReadMarks } from "#adapters/mail/chat-reply-notices.ts";
import { createSupportModule, type SupportModule } from "#domain/support/support.module.ts";
import { createRewardsUnitOfWork } from "#adapters/repositories/rewards.unit-of-work.ts";
import { openFileStore } from "#adapters/storage/open-file-store.ts";
import { createReviewsModule, type ReviewsModule } from "#domain/reviews/reviews.module.ts";
import { createRatingsModule, type RatingsModule } from "#domain/ratings/ratings.module.ts";
import { createRatingsUnitOfWork } from "#adapters/repositories/ratings.unit-of-work.ts";
import { createContentUnitOfWork } from "#adapters/repositories/content.unit-of-work.ts";
import { readMarkdownPosts } from "#adapters/content/markdown-posts.reader.ts";
import { createContentModule, type ContentModule } from "#domain/content/content.module.ts";
import { createTrackingUnitOfWork } from "#adapters/repositories/tracking.unit-of-work.ts";
import { createAnalyticsModule, type AnalyticsModule } from "#domain/analytics/analytics.module.ts";
import { bringProjectionsUpToDate, rebuildProjections, type RebuildProgress, type RebuildResult } from "#read-models/analytics/rebuild-projections.ts";
import { createCatalogueUnitOfWork } from "#adapters/repositories/catalogue.unit-of-work.ts";
import type { GuestDataMerger } from "#domain/accounts/guest-data-merger.port.ts";
import { createSanitizeHtmlSanitizer } from "#adapters/content/sanitize-html.sanitizer.ts";
import type { HtmlSanitizer } from "#domain/content/html-sanitizer.port.ts";
import type { Clock } from "#domain/shared/clock.port.ts";
import type { IdGenerator } from "#domain/shared/id-generator.port.ts";
import { createCatalogueAdminUnitOfWork } from "#adapters/repositories/catalogue-admin.unit-of-work.ts";
import { createItemRequestRepository } from "#adapters/repositories/item-request.repository.ts";
import { createStockAlertRepository } from "#adapters/repositories/stock-alerts.repository.ts";
import { createOrderReceipts } from "#adapters/repositories/order-receipts.repository.ts";
import { createReceiptModule, type ReceiptModule } from "#domain/ordering/confirm-receipt.ts";
import { createStockAlertsModule, type StockAlertsModule } from "#domain/stock-alerts/stock-alerts.module.ts";
import { createCatalogueModule, type CatalogueModule } from "#domain/catalogue/catalogue.module.ts";
import { createPrivateFolder, createUploads, type PrivateFolder, type Uploads } from "#adapters/storage/uploads.ts";
import type { FileStore } from "#domain/shared/file-store.port.ts";
import { createOgImages, type OgImages } from "#adapters/images/og-png.ts";
import type { RateLimiter } from "#domain/shared/rate-limiter.port.ts";
import type { ImageProcessor } from "#domain/shared/image-processor.port.ts";
import type { CommonPasswordCheck } from "#domain/accounts/password-policy.ts";
import { createSharpImageProcessor } from "#adapters/storage/sharp-image-processor.ts";
import type { Config } from "./config.ts";
import { claimGuestData } from "#domain/accounts/claim-guest-data.ts";
import { createGuestDataClaims } from "#adapters/repositories/guest-data-claims.repository.ts";
import { createMail, type Mail } from "./mail.ts";
import {
  createCartUnitOfWork,
  createPromoUnitOfWork,
  createPromotionsUnitOfWork,
  createWishlistUnitOfWork,
} from "#adapters/repositories/shopping.unit-of-work.ts";
import { createCartModule, type CartModule } from "#domain/cart/cart.module.ts";
import { createPromotionsModule, type PromotionsModule } from "#domain/promotions/promotions.module.ts";
import { createWishlistModule, type WishlistModule } from "#domain/wishlist/wishlist.module.ts";
import type { PaymentGateway } from "#domain/payments/payment-gateway.port.ts";
import { analyticsProjections } from "#read-models/analytics/analytics-projections.ts";
import { projectionListener } from "#read-models/analytics/projection.ts";
import { trackShopperRegistration } from "./track-registration.ts";
import { composeOrders } from "./compose-orders.ts";
import type { OrderingModule } from "#domain/ordering/ordering.module.ts";
import type { RewardsModule } from "#domain/rewards/rewards.module.ts";
import { randomPromoCodes } from "#adapters/random/referral-code-generator.ts";
import { mergeGuestOf } from "./guest-merge-at-sign-in.ts";
import { catalogueVersionReader, readCatalogueStamp } from "#read-models/storefront/catalogue-version.query.ts";
import { createCatalogueCache, noCatalogueCache, type CatalogueCache } from "./catalogue-cache.ts";
import { createPaymentReconciler, type PaymentReconciler } from "./payment-reconciler.ts";
import { createLateOrderJob, type BackgroundJob } from "./late-order-job.ts";
import type { Kysely } from "kysely";
import type { AuthTables } from "#adapters/auth/auth-tables.ts";
import { createPasswordCheck } from "#adapters/auth/password-check.ts";
import { createAccountDeletionUnitOfWork } from "#adapters/repositories/account-erasure.repository.ts";
import { createConsentRecords } from "#adapters/repositories/consent-records.repository.ts";
import { createAccountDataModule, type AccountDataModule } from "#domain/accounts/account-data.module.ts";
import { createAccountDataReader } from "#read-models/accounts/account-export.query.ts";
import { createStaffInvitations } from "#adapters/auth/staff-invitations.ts";
import { createStaffUnitOfWork } from "#adapters/repositories/staff.repository.ts";
import { createStaffModule, type StaffModule } from "#domain/accounts/staff.module.ts";
import { acceptedTermsVersion } from "#adapters/auth/terms-cookie.ts";
import { createDiscountCodeLookup, createShopSettingsStore } from "#adapters/repositories/shop-settings.repository.ts";
import { createStaffPresence } from "#adapters/repositories/staff-presence.repository.ts";
import { createShopFactsModule, type ShopFactsModule } from "#domain/shop-facts/shop-facts.module.ts";
import { createLiveNotifications } from "#adapters/db/live-notifications.ts";
import { createLiveHub, type LiveHub } from "./live/live-hub.ts";
import { createWebhooks, type Webhooks } from "./webhooks.ts";
import { createStaffNoticesModule, type StaffNoticesModule } from "#domain/accounts/staff-notices.module.ts";
import { createStaffNoticeSettingsStore } from "#adapters/repositories/staff-notice-settings.repository.ts";

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
  /** That secret, and older ones still verifying during a rotation's grace period (request-pipeline re-signs their cookies). */
  secrets: SigningSecrets;
  /** Each module that keeps guest data (cart, wishlist, support) registers how to move it at sign-in. */
  guestMergers: GuestDataMerger[];
  /** Run inside the transaction of every appended event (the analytics projections). */
  eventListeners: EventListener[];
  /**
   * Where page views are recorded: concurrent ones share a transaction (group commit). close()
   * it before destroying the database, so the views already queued are written.
   */
  pageViews: BatchingPageViewLog;
  /** The catalogue module: games, categories, products (audited), logos and item requests. */
  catalogue: CatalogueModule;
  /** Back in stock (issue 36): sign-ups, item requests linked to products, unsubscribe links. */
  stockAlerts: StockAlertsModule;
  /** Confirm receipt of delivered orders (issue 36); its job runs with the late-order job. */
  receipts: ReceiptModule;
  /** Public uploads (logos), served from /uploads/... */
  uploads: Uploads;
  /** Where every uploaded file's bytes are kept (UPLOADS_STORE: the database by default). */
  fileStore: FileStore;
  /** Private files, served only by routes that check who asks: review screenshots and delivery proofs. */
  files: { reviews: PrivateFolder; proofs: PrivateFolder };
  /** PNG previews (og:image) drawn from items' pictures, cached under DATA_DIR/og-cache. */
  ogImages: OgImages;
  /** Support conversations and order chats (issue 6). */
  support: SupportModule;
  /** Review screenshot submissions and their decisions (audited). */
  reviews: ReviewsModule;
  /** Ratings from buyers of delivered orders, and their moderation (audited). */
  ratings: RatingsModule;
  /** FAQs and blog posts: the Markdown import and the demo seed. */
  content: ContentModule;
  /** Page views, cart activity and registrations appended to the event log. */
  analytics: AnalyticsModule;
  /** The analytics read models rebuilt from the event log (the CLI; new or changed ones at start-up). */
  projections: {
    rebuild(options?: { onProgress?: (progress: RebuildProgress) => void }): Promise<RebuildResult>;
    bringUpToDate(): Promise<RebuildResult | null>;
  };
  /** How shoppers pay: the sandbox or PayPal (PAYMENT_PROVIDER). */
  payments: PaymentGateway;
  /** The cart module (its guest merger is in guestMergers). */
  cart: CartModule;
  /** The wishlist module (its guest merger is in guestMergers). */
  wishlist: WishlistModule;
  /** Discount codes (audited) and the first-visit promo. */
  promotions: PromotionsModule;
  /** Checkout, payments, orders, refunds and delivery; credits rewards through the rewards module. */
  ordering: OrderingModule;
  /** Points, referrals and store credit. */
  rewards: RewardsModule;
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
  /** Staff roles and invitations (issue 20), owners only. */
  staff: StaffModule;
  /** A shopper's own data: export, deletion, consent records (issue 20). */
  accountData: AccountDataModule;
  /** Asks the payment provider about payments held for review (started by the server, not by tests or the CLI). */
  paymentReconciler: PaymentReconciler;
  /** Marks and compensates late orders every SLA_CHECK_SECONDS once started (runApp starts it). */
  lateOrders: BackgroundJob;
  /** The mail outbox and its worker (issue 19). */
  mail: Mail;
  /** Prometheus metrics, only when METRICS_TOKEN turns GET /metrics on (null: nothing is counted). */
  metrics: Metrics | null;
  /** The owner's settings (announcement, sale, support hours, figures) and the staff's presence (issue 36). */
  shopFacts: ShopFactsModule;
  /** OpenTelemetry tracing, only when OTEL_EXPORTER_OTLP_ENDPOINT is set (null: the SDK is never loaded). */
  tracing: Tracing | null;
  /** The live channel's streams of this process (GET /api/events, issue 38). */
  live: LiveHub;
  /** Outgoing webhooks (issue 38): the owner's endpoints and the worker that delivers to them. */
  webhooks: Webhooks;
  /** Each staff member's Notices settings (issue 38): sound and notification per kind of new work. */
  staffNotices: StaffNoticesModule;
}

export const systemClock: Clock = { now: () => new Date() };
export const uuidGenerator: IdGenerator = { newId: () => randomUUID() };

export type AppOverrides = Partial<Pick<App, "clock" | "ids" | "log" | "db" | "secrets">>;

/**
 * The app, its database brought up to date first. On PostgreSQL without AUTH_SECRET the signing
 * secret is the one every process shares through the database (created by the first to start), so
 * the app can only be opened here, not by createApp alone.
 */
export async function openApp(config: Config, overrides: AppOverrides = {}): Promise<App> {
  if (config.authSecret || !isPostgresUrl(config.databaseUrl) || overrides.secrets) return createApp(config, overrides);
  const db = overrides.db ?? openDatabase(config.databaseUrl);
  await migrateToLatest(db);
  return createApp(config, { ...overrides, db, secrets: await sharedSecrets(db) });
}

export function createApp(config: Config, overrides: AppOverrides = {}): App {
  if (!config.authSecret && isPostgresUrl(config.databaseUrl) && !overrides.secrets) {
    throw new Error("On PostgreSQL without AUTH_SECRET the shared secret is read from the database: open the app with openApp()");
  }
  const db = overrides.db ?? openDatabase(config.databaseUrl);
  const secrets = overrides.secrets ?? { current: resolveAuthSecret(config.authSecret, config.dataDir), previous: [] };
  const secret = secrets.current;
  const clock = overrides.clock ?? systemClock;
  const ids = overrides.ids ?? uuidGenerator;
  // The analytics projections fold every appended event in the append's transaction.
  const projections = () => analyticsProjections({ timeZone: config.timeZone });
  const eventListeners: EventListener[] = projections().map(projectionListener);
  // Last, after the projections: the live channel is woken (NOTIFY on PostgreSQL) when the append commits.
  const liveNotifications = createLiveNotifications(db, config.databaseUrl);
  eventListeners.push(liveNotifications.listener);
  const log = overrides.log ?? createLogger(config.logLevel);
  const rateLimiter = createRateLimiter(db, clock);
  const pageViews = createBatchingPageViewLog(db, eventListeners, {
    onBackgroundError: (error) => log.error({ err: error }, "sweeping stale tracking rate-limit windows failed"),
  });
  const support = createSupportModule({
    support: createSupportUnitOfWork(db, eventListeners),
    supportReader: { conversations: createSupportConversationRepository(db), messages: createSupportMessageRepository(db) },
    orderChat: createOrderChatUnitOfWork(db, eventListeners),
    orderChatReader: { orders: createOrderOwnership(db), chat: createOrderChatRepository(db) },
    rateLimiter,
    limits: { ...DEFAULT_CHAT_LIMITS, messagesPerMinute: config.chatMessagesPerMinute },
    readMarks: createChatReadMarks(db),
    onReadMarkError: (error, chat) => log.error({ err: error, chat }, "recording a chat read failed"),
    clock,
    ids,
  });
  const metrics = config.metricsToken
    ? createMetrics({ figures: () => operationsFigures(db, clock.now()), pool: () => poolUse(db), now: () => clock.now().getTime() })
    : null;
  const tracing = config.otlpEndpoint
    ? createTracing({
        endpoint: config.otlpEndpoint,
        serviceName: "robux-item-store",
        onError: (error) => log.warn({ err: error }, "tracing: spans could not be recorded or sent"),
      })
    : null;
  const mail = createMail(db, config, { clock, ids, log, metrics, tracing });
  // Webhook deliveries are written in the append's transaction too, before the live channel's listener (kept last).
  const webhooks = createWebhooks(db, config, { clock, ids, log, metrics, tracing, outbox: mail.outbox });
  eventListeners.splice(eventListeners.length - 1, 0, webhooks.listener);
  const receipts = createReceiptModule({ receipts: createOrderReceipts(db, ids), clock, windowHours: config.delivery.confirmHours });
  const fileStore = openFileStore(config.uploads.store, db, config);
  const uploads = createUploads(fileStore);
  const files = { reviews: createPrivateFolder(fileStore, "reviews"), proofs: createPrivateFolder(fileStore, "proofs") };
  const images = createSharpImageProcessor();
  const catalogue = createCatalogueModule({
    unitOfWork: createCatalogueAdminUnitOfWork(db, clock),
    seeding: createCatalogueUnitOfWork(db, clock),
    itemRequests: createItemRequestRepository(db),
    logos: uploads.storage("logos"),
    images,
    ids,
    clock,
  });
  const htmlSanitizer = createSanitizeHtmlSanitizer();
  const reviewScreenshots = files.reviews;
  const { payments, rewards, ordering } = composeOrders({
    db,
    config,
    eventListeners,
    outbox: mail.outbox,
    images,
    rateLimiter,
    clock,
    ids,
    log,
    proofs: files.proofs,
  });
  const guestDataClaims = createGuestDataClaims(db);
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
      onShopperCreated: async (user, headers) => {
        await trackShopperRegistration(app, user, headers);
        // An account Google's callback made: the box was ticked before leaving (terms-cookie.ts).
        if (acceptedTermsVersion(headers?.get("cookie")) !== null) await app.accountData.recordTermsAcceptance(user.id, true);
      },
      onSessionCreated: (userId, headers) => mergeGuestOf(app, userId, headers),
      sendMail: (message, forUserId) => db.transaction().execute((trx) => mail.outbox(trx).add(message, forUserId)),
      onAddressProven: async (user) => {
        try {
          const claimed = await claimGuestData(user, { claims: guestDataClaims, clock });
          if (claimed) log.info({ userId: user.id, ...claimed }, "guest data claimed by the account that proved its address");
        } catch (error) {
          log.error({ err: error, userId: user.id }, "guest data claim failed");
        }
      },
    }),
    secret,
    secrets,
    catalogue,
    // A product made for an item request is the catalogue's (audited like any other); the request waits for it.
    stockAlerts: createStockAlertsModule({ alerts: createStockAlertRepository(db), clock, ids, createProduct: catalogue.createProduct }),
    receipts,
    uploads,
    fileStore,
    files,
    ogImages: createOgImages(config.dataDir),
    guestMergers: [support.guestMerger],
    eventListeners,
    pageViews,
    support,
    reviews: createReviewsModule({
      unitOfWork: createRewardsUnitOfWork(db, eventListeners, mail.outbox),
      screenshots: reviewScreenshots,
      images,
      ids,
      clock,
    }),
    ratings: createRatingsModule({ unitOfWork: createRatingsUnitOfWork(db), ids, clock }),
    content: createContentModule({ unitOfWork: createContentUnitOfWork(db), sanitizer: htmlSanitizer, posts: { read: readMarkdownPosts }, ids }),
    analytics: createAnalyticsModule({
      tracking: createTrackingUnitOfWork(db, eventListeners, clock),
      pageViews,
      clock,
      limitPerMinute: config.trackingLimitPerMinute,
    }),
    projections: {
      rebuild: (options) => rebuildProjections(db, projections(), options),
      bringUpToDate: () => bringProjectionsUpToDate(db, projections()),
    },
    payments,
    cart: createCartModule({ unitOfWork: createCartUnitOfWork(db, eventListeners), clock, ids }),
    wishlist: createWishlistModule({ unitOfWork: createWishlistUnitOfWork(db), clock, ids }),
    promotions: createPromotionsModule({
      unitOfWork: createPromotionsUnitOfWork(db),
      promoUnitOfWork: createPromoUnitOfWork(db, mail.outbox),
      promoCodes: randomPromoCodes,
      rateLimiter,
      emailRequestsPerMinute: config.authRateLimits.signUpPerMinute,
      clock,
      ids,
    }),
    ordering,
    rewards,
    mail,
    htmlSanitizer,
    rateLimiter,
    images,
    isCommonPassword,
    catalogueCache: config.catalogueCache
      ? createCatalogueCache({ readVersion: catalogueVersionReader(db), readStamp: (now) => readCatalogueStamp(db, now), clock })
      : noCatalogueCache,
    paymentReconciler: undefined as unknown as PaymentReconciler,
    accountData: undefined as unknown as AccountDataModule,
    staff: undefined as unknown as StaffModule,
    lateOrders: createLateOrderJob({ config, log, ordering, metrics, tracing, receipts }),
    metrics,
    tracing,
    shopFacts: createShopFactsModule({
      store: createShopSettingsStore(db),
      discountCodes: createDiscountCodeLookup(db),
      presence: createStaffPresence(db),
      clock,
    }),
    live: createLiveHub({
      db,
      notifications: liveNotifications,
      maxStreams: config.eventStreamsMax,
      onError: (error, what) => log.error({ err: error }, what),
    }),
    webhooks,
    staffNotices: createStaffNoticesModule({ store: createStaffNoticeSettingsStore(db), clock }),
  };
  app.paymentReconciler = createPaymentReconciler(app);
  // Staff sessions and invitations live in better-auth's tables: bound once auth exists.
  app.staff = createStaffModule({
    unitOfWork: createStaffUnitOfWork(db, mail.outbox),
    endAllSessions: async (userId) => (await app.auth.$context).internalAdapter.deleteUserSessions(userId),
    invitations: createStaffInvitations(app.auth, config.publicUrl),
    clock,
  });
  // The password check uses better-auth's own hasher, so this module is bound once auth exists.
  app.accountData = createAccountDataModule({
    reader: createAccountDataReader(db),
    deletion: createAccountDeletionUnitOfWork(db),
    passwords: createPasswordCheck(app.auth, db as unknown as Kysely<AuthTables>),
    screenshots: reviewScreenshots,
    consents: createConsentRecords(db, ids),
    limiter: rateLimiter,
    ids,
    clock,
  });
  app.guestMergers.push(app.cart.guestMerger, app.wishlist.guestMerger);
  return app;
}
