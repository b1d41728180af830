import { createPayPalGateway } from "../../adapters/payments/paypal-gateway.ts";
import { createSandboxGateway } from "../../adapters/payments/sandbox-gateway.ts";
import type { Db, Tx } from "../../adapters/db/database.ts";
import type { EventListener } from "../../adapters/repositories/event-log.repository.ts";
import type { OrderRewardsDeps } from "../../adapters/repositories/order-rewards.repository.ts";
import {
  createCartUnitOfWork,
  createOrderingUnitOfWork,
  createPromoUnitOfWork,
  createPromotionsUnitOfWork,
  createWishlistUnitOfWork,
} from "../../adapters/repositories/shopping.unit-of-work.ts";
import type { MailOutbox } from "../../domain/mail/mail-outbox.port.ts";
import type { GuestDataMerger } from "../../domain/accounts/guest-data-merger.port.ts";
import { guestCartMerger } from "../../domain/cart/merge-guest-cart.ts";
import type { PaymentGateway } from "../../domain/payments/payment-gateway.port.ts";
import { guestWishlistMerger } from "../../domain/wishlist/wishlist-use-cases.ts";
import type { Clock } from "../../domain/shared/clock.port.ts";
import type { IdGenerator } from "../../domain/shared/id-generator.port.ts";
import type { Config } from "./config.ts";

/** The shopping modules' adapters, built once by the composition root (app.ts). */
export interface Shopping {
  cart: ReturnType<typeof createCartUnitOfWork>;
  wishlist: ReturnType<typeof createWishlistUnitOfWork>;
  promotions: ReturnType<typeof createPromotionsUnitOfWork>;
  ordering: ReturnType<typeof createOrderingUnitOfWork>;
  /** The promo dialog's emailed codes (issue 19). */
  promo: ReturnType<typeof createPromoUnitOfWork>;
}

export function createPaymentGateway(
  config: Config["payments"],
  deps: { clock: Clock; log?: { warn: (obj: object, msg: string) => void }; shopName?: string } = { clock: { now: () => new Date() } },
): PaymentGateway {
  if (config.provider === "sandbox") return createSandboxGateway({ clock: deps.clock, pendingMs: config.pendingSeconds * 1000 });
  return createPayPalGateway({
    clientId: config.clientId,
    clientSecret: config.clientSecret,
    apiBase: config.apiBase,
    webhookId: config.webhookId,
    timeoutMs: config.timeoutSeconds * 1000,
    ...(deps.shopName ? { brandName: deps.shopName } : {}),
    // PayPal's debug_id is what PayPal support asks for: every failure is logged with it.
    onFailure: (failure) => deps.log?.warn({ paypal: failure }, `PayPal ${failure.operation} failed${failure.debugId ? ` (debug_id ${failure.debugId})` : ""}`),
  });
}

/**
 * `listeners` is the app's own array, read at every append: modules register their listeners after
 * the app is built, and every unit of work sees them. `rewards` is what the order's transaction needs
 * to credit points and spend store credit through the rewards module.
 */
export function createShopping(db: Db, listeners: readonly EventListener[], rewards: OrderRewardsDeps, outbox: (trx: Tx) => MailOutbox): Shopping {
  return {
    cart: createCartUnitOfWork(db, listeners),
    wishlist: createWishlistUnitOfWork(db),
    promotions: createPromotionsUnitOfWork(db),
    ordering: createOrderingUnitOfWork(db, listeners, rewards, outbox),
    promo: createPromoUnitOfWork(db, outbox),
  };
}

/** How a guest's cart and wishlist move to the account at sign-in. */
export function shoppingGuestMergers(app: { shopping: Shopping; clock: Clock }): GuestDataMerger[] {
  return [guestCartMerger({ unitOfWork: app.shopping.cart, clock: app.clock }), guestWishlistMerger({ unitOfWork: app.shopping.wishlist })];
}

/** What placing an order needs from the app: its unit of work, clock, ids and the delivery promise. */
export function placementDeps(app: { shopping: Shopping; clock: Clock; ids: IdGenerator; config: Pick<Config, "delivery"> }) {
  return { unitOfWork: app.shopping.ordering, clock: app.clock, ids: app.ids, delivery: { slaMinutes: app.config.delivery.slaMinutes } };
}
