// The App every route, job and CLI command is handed: what the composition root (app.ts) builds.
import type { SigningSecrets } from "#adapters/auth/shared-secret.ts";
import type { Auth } from "#adapters/auth/better-auth.ts";
import type { Db } from "#adapters/db/database.ts";
import type { RobloxModule } from "#domain/roblox/roblox.module.ts";
import type { Metrics } from "#adapters/metrics/metrics.ts";
import type { Tracing } from "#adapters/tracing/tracing.ts";
import type { EventListener } from "#adapters/repositories/event-log.repository.ts";
import type { BatchingPageViewLog } from "#adapters/repositories/page-view-log.repository.ts";
import type { Logger } from "#adapters/log/logger.ts";
import type { SupportModule } from "#domain/support/support.module.ts";
import type { ReviewsModule } from "#domain/reviews/reviews.module.ts";
import type { RatingsModule } from "#domain/ratings/ratings.module.ts";
import type { ContentModule } from "#domain/content/content.module.ts";
import type { AnalyticsModule } from "#domain/analytics/analytics.module.ts";
import type { RebuildProgress, RebuildResult } from "#read-models/analytics/rebuild-projections.ts";
import type { GuestDataMerger } from "#domain/accounts/guest-data-merger.port.ts";
import type { HtmlSanitizer } from "#domain/content/html-sanitizer.port.ts";
import type { Clock } from "#domain/shared/clock.port.ts";
import type { IdGenerator } from "#domain/shared/id-generator.port.ts";
import type { ReceiptModule } from "#domain/fulfilment/confirm-receipt.ts";
import type { StockAlertsModule } from "#domain/stock-alerts/stock-alerts.module.ts";
import type { CatalogueModule } from "#domain/catalogue/catalogue.module.ts";
import type { PrivateFolder, Uploads } from "#adapters/storage/uploads.ts";
import type { FileStore } from "#domain/shared/file-store.port.ts";
import type { OgImages } from "#adapters/images/og-png.ts";
import type { RateLimiter } from "#domain/shared/rate-limiter.port.ts";
import type { ImageProcessor } from "#domain/shared/image-processor.port.ts";
import type { CommonPasswordCheck } from "#domain/accounts/password-policy.ts";
import type { Config } from "./config.ts";
import type { Mail } from "./mail.ts";
import type { CartModule } from "#domain/cart/cart.module.ts";
import type { PromotionsModule } from "#domain/promotions/promotions.module.ts";
import type { WishlistModule } from "#domain/wishlist/wishlist.module.ts";
import type { PaymentGateways } from "#domain/payments/payment-gateway.port.ts";
import type { PaymentMethod } from "#domain/payments/payment-methods.ts";
import type { OrderingModule } from "./compose-orders.ts";
import type { RewardsModule } from "#domain/rewards/rewards.module.ts";
import type { CatalogueCache } from "./catalogue-cache.ts";
import type { PaymentReconciler } from "./payment-reconciler.ts";
import type { BackgroundJob } from "./late-order-job.ts";
import type { AccountDataModule } from "#domain/accounts/account-data.module.ts";
import type { StaffModule } from "#domain/accounts/staff.module.ts";
import type { ShopFactsModule } from "#domain/shop-facts/shop-facts.module.ts";
import type { LiveHub } from "./live/live-hub.ts";
import type { Webhooks } from "./webhooks.ts";
import type { StaffNoticesModule } from "#domain/accounts/staff-notices.module.ts";
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
  /** Back in stock: sign-ups, item requests linked to products, unsubscribe links. */
  stockAlerts: StockAlertsModule;
  /** Confirm receipt of delivered orders; its job runs with the late-order job. */
  receipts: ReceiptModule;
  /** Public uploads (logos), served from /uploads/... */
  uploads: Uploads;
  /** Where every uploaded file's bytes are kept (UPLOADS_STORE: the database by default). */
  fileStore: FileStore;
  /** Private files, served only by routes that check who asks: review screenshots and delivery proofs. */
  files: { reviews: PrivateFolder; proofs: PrivateFolder };
  /** PNG previews (og:image) drawn from items' pictures, cached under DATA_DIR/og-cache. */
  ogImages: OgImages;
  /** Support conversations and order chats. */
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
  /** How shoppers pay: a gateway for each configured provider (PAYMENT_PROVIDERS), the default first. */
  payments: PaymentGateways;
  /** The ways to pay the configuration offers, as every page names them (configuredPaymentMethods, issue 47). */
  paymentMethods: readonly PaymentMethod[];
  /** The cart module (its guest merger is in guestMergers). */
  cart: CartModule;
  /** The wishlist module (its guest merger is in guestMergers). */
  wishlist: WishlistModule;
  /** Discount codes (audited) and the first-visit promo. */
  promotions: PromotionsModule;
  /** The order modules (checkout, payments, fulfilment, risk) under one name; they credit rewards through the rewards module. */
  ordering: OrderingModule;
  /** Roblox's directory of accounts: "Is this you?" at checkout, the recipient checked before payment. */
  roblox: RobloxModule;
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
  /** Staff roles and invitations, owners only. */
  staff: StaffModule;
  /** A shopper's own data: export, deletion, consent records. */
  accountData: AccountDataModule;
  /** Asks the payment provider about payments held for review (started by the server, not by tests or the CLI). */
  paymentReconciler: PaymentReconciler;
  /** Marks and compensates late orders every SLA_CHECK_SECONDS once started (runApp starts it). */
  lateOrders: BackgroundJob;
  /** The mail outbox and its worker. */
  mail: Mail;
  /** Prometheus metrics, only when METRICS_TOKEN turns GET /metrics on (null: nothing is counted). */
  metrics: Metrics | null;
  /** The owner's settings (announcement, sale, support hours, figures) and the staff's presence. */
  shopFacts: ShopFactsModule;
  /** OpenTelemetry tracing, only when OTEL_EXPORTER_OTLP_ENDPOINT is set (null: the SDK is never loaded). */
  tracing: Tracing | null;
  /** The live channel's streams of this process (GET /api/events, issue 38). */
  live: LiveHub;
  /** Outgoing webhooks: the owner's endpoints and the worker that delivers to them. */
  webhooks: Webhooks;
  /** Each staff member's Notices settings: sound and notification per kind of new work. */
  staffNotices: StaffNoticesModule;
}
