import { randomUUID } from "node:crypto";
import { resolveAuthSecret } from "#adapters/auth/auth-secret.ts";
import { sharedSecrets } from "#adapters/auth/shared-secret.ts";
import { createAuth, type PasswordHasher } from "#adapters/auth/better-auth.ts";
import { isCommonPassword } from "#adapters/auth/common-passwords.ts";
import { isPostgresUrl, migrateToLatest, openDatabase, poolUse } from "#adapters/db/database.ts";
import { createMetrics } from "#adapters/metrics/metrics.ts";
import { createTracing } from "#adapters/tracing/tracing.ts";
import { operationsFigures } from "#read-models/operations/operations-figures.query.ts";
import type { EventListener } from "#adapters/repositories/event-log.repository.ts";
import { createBatchingPageViewLog } from "#adapters/repositories/page-view-log.repository.ts";
import { createLogger } from "#adapters/log/logger.ts";
import { createRateLimiter } from "#adapters/repositories/rate-limit-counter.repository.ts";
import { createRewardsUnitOfWork } from "#adapters/repositories/rewards.unit-of-work.ts";
import { openFileStore } from "#adapters/storage/open-file-store.ts";
import { createReviewsModule } from "#domain/reviews/reviews.module.ts";
import { createRatingsModule } from "#domain/ratings/ratings.module.ts";
import { createRatingsUnitOfWork } from "#adapters/repositories/ratings.unit-of-work.ts";
import { createContentUnitOfWork } from "#adapters/repositories/content.unit-of-work.ts";
import { readMarkdownPosts } from "#adapters/content/markdown-posts.reader.ts";
import { createContentModule } from "#domain/content/content.module.ts";
import { createTrackingUnitOfWork } from "#adapters/repositories/tracking.unit-of-work.ts";
import { createAnalyticsModule } from "#domain/analytics/analytics.module.ts";
import { bringProjectionsUpToDate, rebuildProjections } from "#read-models/analytics/rebuild-projections.ts";
import { createSanitizeHtmlSanitizer } from "#adapters/content/sanitize-html.sanitizer.ts";
import type { Clock } from "#domain/shared/clock.port.ts";
import type { IdGenerator } from "#domain/shared/id-generator.port.ts";
import { createOrderReceipts } from "#adapters/repositories/order-receipts.repository.ts";
import { createReceiptModule } from "#domain/fulfilment/confirm-receipt.ts";
import { createPrivateFolder, createUploads } from "#adapters/storage/uploads.ts";
import { createOgImages } from "#adapters/images/og-png.ts";
import { createSharpImageProcessor } from "#adapters/storage/sharp-image-processor.ts";
import type { Config } from "./config.ts";
import { createRobloxClients, composeRoblox } from "./roblox-directory.ts";
import { claimGuestData } from "#domain/accounts/claim-guest-data.ts";
import { createGuestDataClaims } from "#adapters/repositories/guest-data-claims.repository.ts";
import { createMail } from "./mail.ts";
import {
  createCartUnitOfWork,
  createPromoUnitOfWork,
  createPromotionsUnitOfWork,
  createWishlistUnitOfWork,
} from "#adapters/repositories/shopping.unit-of-work.ts";
import { createCartModule } from "#domain/cart/cart.module.ts";
import { createPromotionsModule } from "#domain/promotions/promotions.module.ts";
import { createWishlistModule } from "#domain/wishlist/wishlist.module.ts";
import { analyticsProjections } from "#read-models/analytics/analytics-projections.ts";
import { projectionListener } from "#read-models/analytics/projection.ts";
import { trackShopperRegistration } from "./track-registration.ts";
import { composeOrders } from "./compose-orders.ts";
import { composeSupport } from "./compose-support.ts";
import { composeCatalogue } from "./compose-catalogue.ts";
import { randomPromoCodes } from "#adapters/random/referral-code-generator.ts";
import { mergeGuestOf } from "./guest-merge-at-sign-in.ts";
import { catalogueVersionReader, readCatalogueStamp } from "#read-models/storefront/catalogue-version.query.ts";
import { createCatalogueCache, noCatalogueCache } from "./catalogue-cache.ts";
import { createPaymentReconciler } from "./payment-reconciler.ts";
import { createLateOrderJob } from "./late-order-job.ts";
import type { Kysely } from "kysely";
import type { App } from "./app-interface.ts";
import type { AuthTables } from "#adapters/auth/auth-tables.ts";
import { createPasswordCheck } from "#adapters/auth/password-check.ts";
import { createAccountDeletionUnitOfWork } from "#adapters/repositories/account-erasure.repository.ts";
import { createConsentRecords } from "#adapters/repositories/consent-records.repository.ts";
import { createBirthDates } from "#adapters/repositories/birth-dates.repository.ts";
import { createAccountDataModule } from "#domain/accounts/account-data.module.ts";
import { createAccountDataReader } from "#read-models/accounts/account-export.query.ts";
import { createStaffInvitations } from "#adapters/auth/staff-invitations.ts";
import { createStaffUnitOfWork } from "#adapters/repositories/staff.repository.ts";
import { createStaffModule } from "#domain/accounts/staff.module.ts";
import { acceptedTermsVersion } from "#adapters/auth/terms-cookie.ts";
import { createDiscountCodeLookup, createShopSettingsStore } from "#adapters/repositories/shop-settings.repository.ts";
import { createStaffPresence } from "#adapters/repositories/staff-presence.repository.ts";
import { createShopFactsModule } from "#domain/shop-facts/shop-facts.module.ts";
import { createLiveNotifications } from "#adapters/db/live-notifications.ts";
import { createLiveHub } from "./live/live-hub.ts";
import { endedSessions } from "#adapters/auth/session-lookup.ts";
import { createWebhooks } from "./webhooks.ts";
import { createStaffNoticesModule } from "#domain/accounts/staff-notices.module.ts";
import { createStaffNoticeSettingsStore } from "#adapters/repositories/staff-notice-settings.repository.ts";
import { configuredPaymentMethods } from "./payment-methods.ts";

export type { App };

export const systemClock: Clock = { now: () => new Date() };
export const uuidGenerator: IdGenerator = { newId: () => randomUUID() };

/** `passwordHasher`: only the integration tests' store sets one (adapters/auth/better-auth.ts). */
export type AppOverrides = Partial<Pick<App, "clock" | "ids" | "log" | "db" | "secrets">> & { passwordHasher?: PasswordHasher };

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
  // Built in dependency order, each part complete when made. The one cycle, better-auth's hooks
  // calling modules that need better-auth (account data, staff), is closed by the hooks: they run at
  // sign-up and sign-in, after this function has returned.
  const db = overrides.db ?? openDatabase(config.databaseUrl);
  const secrets = overrides.secrets ?? { current: resolveAuthSecret(config.authSecret, config.dataDir), previous: [] };
  const secret = secrets.current;
  const clock = overrides.clock ?? systemClock;
  const ids = overrides.ids ?? uuidGenerator;
  const log = overrides.log ?? createLogger(config.logLevel);
  const rateLimiter = createRateLimiter(db, clock);
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
  const webhooks = createWebhooks(db, config, { clock, ids, log, metrics, tracing, outbox: mail.outbox });
  const liveNotifications = createLiveNotifications(db, config.databaseUrl);

  // What every append runs in its transaction, in this order: the analytics projections fold the
  // event, the webhook deliveries are written; last, the live channel is woken (NOTIFY on
  // PostgreSQL) when the append commits.
  const projections = () => analyticsProjections({ timeZone: config.timeZone });
  const eventListeners: EventListener[] = [...projections().map(projectionListener), webhooks.listener, liveNotifications.listener];

  const pageViews = createBatchingPageViewLog(db, eventListeners, {
    onBackgroundError: (error) => log.error({ err: error }, "sweeping stale tracking rate-limit windows failed"),
  });
  const support = composeSupport({ db, config, eventListeners, rateLimiter, clock, ids, log });
  const receipts = createReceiptModule({ receipts: createOrderReceipts(db, ids), clock, windowHours: config.delivery.confirmHours });
  const fileStore = openFileStore(config.uploads.store, db, config);
  const uploads = createUploads(fileStore);
  const files = { reviews: createPrivateFolder(fileStore, "reviews"), proofs: createPrivateFolder(fileStore, "proofs") };
  const images = createSharpImageProcessor();
  const { catalogue, stockAlerts } = composeCatalogue({ db, logos: uploads.storage("logos"), images, clock, ids });
  const htmlSanitizer = createSanitizeHtmlSanitizer();
  const robloxClients = createRobloxClients(config.roblox, { clock, log });
  const { payments, rewards, ordering } = composeOrders({
    ...robloxClients,
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
  const cart = createCartModule({ unitOfWork: createCartUnitOfWork(db, eventListeners), clock, ids });
  const wishlist = createWishlistModule({ unitOfWork: createWishlistUnitOfWork(db), clock, ids });
  // What a visitor did before signing in, moved to the account at sign-in.
  const guestMergers = [support.guestMerger, cart.guestMerger, wishlist.guestMerger];
  const analytics = createAnalyticsModule({
    tracking: createTrackingUnitOfWork(db, eventListeners, clock),
    pageViews,
    clock,
    limitPerMinute: config.trackingLimitPerMinute,
  });
  const guestDataClaims = createGuestDataClaims(db);

  const auth = createAuth(db, {
    appName: config.shop.name,
    secret,
    publicUrl: config.publicUrl,
    google: config.google,
    roblox: config.roblox.signIn,
    rateLimits: config.authRateLimits,
    isCommonPassword,
    passwordHasher: overrides.passwordHasher,
    onShopperCreated: async (user, headers) => {
      await trackShopperRegistration({ analytics, secret, log }, user, headers);
      // An account Google's callback made: the box was ticked before leaving (terms-cookie.ts).
      if (acceptedTermsVersion(headers?.get("cookie")) !== null) await accountData.recordTermsAcceptance(user.id, true);
    },
    onSessionCreated: (userId, headers) => mergeGuestOf({ db, secret, guestMergers, log }, userId, headers),
    sendMail: (message, forUserId) => db.transaction().execute((trx) => mail.outbox(trx).add(message, forUserId)),
    onAddressProven: async (user) => {
      try {
        const claimed = await claimGuestData(user, { claims: guestDataClaims, clock });
        if (claimed) log.info({ userId: user.id, ...claimed }, "guest data claimed by the account that proved its address");
      } catch (error) {
        log.error({ err: error, userId: user.id }, "guest data claim failed");
      }
    },
  });
  // Staff sessions and invitations live in better-auth's tables.
  const staff = createStaffModule({
    unitOfWork: createStaffUnitOfWork(db, mail.outbox),
    endAllSessions: async (userId) => (await auth.$context).internalAdapter.deleteUserSessions(userId),
    invitations: createStaffInvitations(auth, config.publicUrl),
    clock,
  });
  // The password check uses better-auth's own hasher.
  const accountData = createAccountDataModule({
    reader: createAccountDataReader(db),
    deletion: createAccountDeletionUnitOfWork(db),
    passwords: createPasswordCheck(auth, db as unknown as Kysely<AuthTables>),
    screenshots: files.reviews,
    consents: createConsentRecords(db, ids),
    birthDates: createBirthDates(db),
    limiter: rateLimiter,
    ids,
    clock,
  });

  return {
    config,
    db,
    log,
    clock,
    ids,
    auth,
    secret,
    secrets,
    catalogue,
    stockAlerts,
    receipts,
    uploads,
    fileStore,
    files,
    ogImages: createOgImages(config.dataDir),
    guestMergers,
    eventListeners,
    pageViews,
    support,
    reviews: createReviewsModule({
      unitOfWork: createRewardsUnitOfWork(db, eventListeners, mail.outbox),
      screenshots: files.reviews,
      images,
      ids,
      clock,
    }),
    ratings: createRatingsModule({ unitOfWork: createRatingsUnitOfWork(db), ids, clock }),
    content: createContentModule({ unitOfWork: createContentUnitOfWork(db), sanitizer: htmlSanitizer, posts: { read: readMarkdownPosts }, ids }),
    analytics,
    projections: {
      rebuild: (options) => rebuildProjections(db, projections(), options),
      bringUpToDate: () => bringProjectionsUpToDate(db, projections()),
    },
    payments,
    paymentMethods: configuredPaymentMethods(config),
    cart,
    wishlist,
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
    roblox: composeRoblox(db, config.roblox, { directory: robloxClients.robloxDirectory, gamePasses: robloxClients.gamePasses, rateLimiter }),
    rewards,
    mail,
    htmlSanitizer,
    rateLimiter,
    images,
    isCommonPassword,
    catalogueCache: config.catalogueCache
      ? createCatalogueCache({ readVersion: catalogueVersionReader(db), readStamp: (now) => readCatalogueStamp(db, now), clock })
      : noCatalogueCache,
    paymentReconciler: createPaymentReconciler({ ordering, ids, config, log, metrics, tracing }),
    accountData,
    staff,
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
      // better-auth stamps sessions with the system clock, not the app's Clock port (as session.ts reads them).
      endedSessions: (tokens) => endedSessions(db, tokens, new Date()),
    }),
    webhooks,
    staffNotices: createStaffNoticesModule({ store: createStaffNoticeSettingsStore(db), clock }),
  };
}
