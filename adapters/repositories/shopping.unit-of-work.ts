import type { Kysely } from "kysely";
import { createAuditLog } from "./audit-log.repository.ts";
import type { Audited } from "#domain/audit/audit-log.port.ts";
import type { CartRepositories } from "#domain/cart/cart-repositories.port.ts";
import type { OrderingStore } from "#domain/checkout/checkout-repositories.port.ts";
import type { DiscountCodeRepository } from "#domain/promotions/discount-code-repository.port.ts";
import type { UnitOfWork } from "#domain/shared/unit-of-work.port.ts";
import type { MailOutbox } from "#domain/mail/mail-outbox.port.ts";
import type { WishlistRepository } from "#domain/wishlist/wishlist-repository.port.ts";
import type { Database } from "../db/schema.ts";
import { createCartRepository } from "./cart.repository.ts";
import { createPrivateServerLinks } from "./private-server-links.repository.ts";
import { createParentLinkRepository } from "./parent-link.repository.ts";
import { createCheckoutRepository } from "./checkout.repository.ts";
import { createDiscountCodeRepository } from "./discount-code.repository.ts";
import { createDiscountUsage } from "./discount-usage.repository.ts";
import { createEventLog, type EventListener } from "./event-log.repository.ts";
import { createOrderRewardsLedgers } from "./rewards.unit-of-work.ts";
import type { OrderRewardsLedgers } from "#domain/rewards/rewards-repositories.port.ts";
import { createOrderRepository } from "./order.repository.ts";
import { createOrderPaymentRepository } from "./order-payment.repository.ts";
import { createOrderTimeline } from "./order-timeline.repository.ts";
import { createDeliveryProofs } from "./delivery-proofs.repository.ts";
import { createDeliveryTerms } from "./delivery-terms.repository.ts";
import { createCancelRequests } from "./cancel-requests.repository.ts";
import { createCancelRefunds } from "./cancel-refunds.repository.ts";
import { createProductAvailability } from "./product-availability.repository.ts";
import { createStockRepository } from "./stock.repository.ts";
import { createOrderHolders } from "./holder-stock.repository.ts";
import { createHolderAccounts } from "./holder-accounts.repository.ts";
import type { HoldersRepositories } from "#domain/holders/holders-repositories.port.ts";
import { createWishlistRepository } from "./wishlist.repository.ts";
import { createPromoClaims } from "./promo-claims.repository.ts";
import type { PromoRepositories } from "#domain/promotions/promo-repositories.port.ts";
import { createBlocklist } from "./blocklist.repository.ts";
import { createRiskRepository } from "./risk.repository.ts";
import { createChargebacks } from "./chargeback.repository.ts";
import type { Tx } from "../db/database.ts";
import { createUnitOfWork } from "../db/unit-of-work.ts";

export function createCartUnitOfWork(db: Kysely<Database>, listeners: readonly EventListener[]): UnitOfWork<CartRepositories> {
  return createUnitOfWork(db, (trx) => ({ cart: createCartRepository(trx), products: createProductAvailability(trx), events: createEventLog(trx, listeners) }));
}

export function createWishlistUnitOfWork(db: Kysely<Database>): UnitOfWork<{ wishlist: WishlistRepository }> {
  return createUnitOfWork(db, (trx) => ({ wishlist: createWishlistRepository(trx) }));
}

export function createPromotionsUnitOfWork(db: Kysely<Database>): UnitOfWork<{ discountCodes: DiscountCodeRepository } & Audited> {
  return createUnitOfWork(db, (trx) => ({ discountCodes: createDiscountCodeRepository(trx), audit: createAuditLog(trx) }));
}

/** The promo dialog's code, its one-per-address claim and its email, in one transaction. */
export function createPromoUnitOfWork(db: Kysely<Database>, outbox: (trx: Tx) => MailOutbox): UnitOfWork<PromoRepositories> {
  return createUnitOfWork(db, (trx) => ({ discountCodes: createDiscountCodeRepository(trx), promoClaims: createPromoClaims(trx), mail: outbox(trx) }));
}

/**
 * The order transaction of the order modules (checkout, payments, fulfilment, risk): their
 * repositories and the rewards ledgers on the same transaction (orderTransaction binds the rewards
 * module's hooks to them, as the composition root wires it).
 */
export function createOrderingUnitOfWork(
  db: Kysely<Database>,
  listeners: readonly EventListener[],
  outbox: (trx: Tx) => MailOutbox,
  /** RISK_HOLD_SCORE: the hold score until the owner saves risk settings. */
  risk: { defaultHoldScore: number } = { defaultHoldScore: 50 },
): UnitOfWork<OrderingStore<OrderRewardsLedgers> & Audited> {
  return createUnitOfWork(db, (trx) => {
    const blocklist = createBlocklist(trx);
    const riskRepository = createRiskRepository(trx, blocklist, risk.defaultHoldScore);
    return {
      cart: createCartRepository(trx),
      products: createProductAvailability(trx),
      discountCodes: createDiscountCodeRepository(trx),
      discountUsage: createDiscountUsage(trx),
      checkouts: createCheckoutRepository(trx),
      parentLinks: createParentLinkRepository(trx),
      orders: createOrderRepository(trx),
      stock: createStockRepository(trx),
      holders: createOrderHolders(trx),
      events: createEventLog(trx, listeners),
      timeline: createOrderTimeline(trx),
      proofs: createDeliveryProofs(trx),
      privateServers: createPrivateServerLinks(trx),
      audit: createAuditLog(trx),
      rewardsLedgers: createOrderRewardsLedgers(trx),
      payments: createOrderPaymentRepository(trx),
      mail: outbox(trx),
      risk: riskRepository,
      // Fulfilment asks whether an order is held from delivery; the risk state answers it.
      holds: riskRepository,
      terms: createDeliveryTerms(trx),
      cancelRequests: createCancelRequests(trx),
      cancelRefunds: createCancelRefunds(trx),
      blocklist,
      chargebacks: createChargebacks(trx),
    };
  });
}

/** The holder accounts' transaction: their stock beside the product locks and the orders reserved on them. */
export function createHoldersUnitOfWork(db: Kysely<Database>): UnitOfWork<HoldersRepositories> {
  return createUnitOfWork(db, (trx) => ({
    accounts: createHolderAccounts(trx),
    holders: createOrderHolders(trx),
    stock: createStockRepository(trx),
    orders: createOrderRepository(trx),
    audit: createAuditLog(trx),
  }));
}
