import { randomUUID } from "node:crypto";
import { resolveAuthSecret } from "../../adapters/auth/auth-secret.ts";
import { createAuth, type Auth } from "../../adapters/auth/better-auth.ts";
import { migrateToLatest, openDatabase, type Db } from "../../adapters/db/database.ts";
import type { EventListener } from "../../adapters/repositories/event-log.repository.ts";
import { createLogger, type Logger } from "../../adapters/log/logger.ts";
import type { GuestDataMerger } from "../../domain/accounts/guest-data-merger.port.ts";
import type { Clock } from "../../domain/shared/clock.port.ts";
import type { IdGenerator } from "../../domain/shared/id-generator.port.ts";
import { loadConfig, type Config } from "./config.ts";
import { createPaymentGateway, createShopping, shoppingGuestMergers, type Shopping } from "./shopping.ts";
import type { PaymentGateway } from "../../domain/payments/payment-gateway.port.ts";

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
  /** How shoppers pay: the sandbox or PayPal (PAYMENT_PROVIDER). */
  payments: PaymentGateway;
  /** Units of work of the cart, wishlist, discount codes and ordering. */
  shopping: Shopping;
}

export const systemClock: Clock = { now: () => new Date() };
export const uuidGenerator: IdGenerator = { newId: () => randomUUID() };

export function createApp(config: Config, overrides: Partial<Pick<App, "clock" | "ids" | "log">> = {}): App {
  const db = openDatabase(config.databaseUrl);
  const secret = resolveAuthSecret(config.authSecret, config.dataDir);
  const eventListeners: EventListener[] = [];
  const app: App = {
    config,
    db,
    log: overrides.log ?? createLogger(config.logLevel),
    clock: overrides.clock ?? systemClock,
    ids: overrides.ids ?? uuidGenerator,
    auth: createAuth(db, { secret, publicUrl: config.publicUrl, google: config.google, rateLimits: config.authRateLimits }),
    secret,
    guestMergers: [],
    eventListeners,
    payments: createPaymentGateway(config.payments),
    shopping: createShopping(db, eventListeners),
  };
  app.guestMergers.push(...shoppingGuestMergers(app));
  return app;
}

let running: Promise<App> | undefined;

/** The server's app, built on first use from process.env with the schema brought up to date. */
export function getApp(): Promise<App> {
  running ??= (async () => {
    const app = createApp(loadConfig(process.env));
    await migrateToLatest(app.db);
    return app;
  })();
  return running;
}
