import type { Db } from "#adapters/db/database.ts";
import type { Logger } from "#adapters/log/logger.ts";
import { randomReferralCodes } from "#adapters/random/referral-code-generator.ts";
import type { EventListener } from "#adapters/repositories/event-log.repository.ts";
import { createHoldersUnitOfWork, createOrderingUnitOfWork } from "#adapters/repositories/shopping.unit-of-work.ts";
import { createHoldersModule, type HoldersModule } from "#domain/holders/holders.module.ts";
import { createRewardsUnitOfWork } from "#adapters/repositories/rewards.unit-of-work.ts";
import { createCheckoutModule, type CheckoutModule } from "#domain/checkout/checkout.module.ts";
import { orderTransaction } from "#domain/checkout/order-transaction.ts";
import { createFulfilmentModule, type FulfilmentModule } from "#domain/fulfilment/fulfilment.module.ts";
import { createPaymentsModule, type PaymentsModule } from "#domain/payments/payments.module.ts";
import { createLinkedRobloxAccounts } from "#adapters/repositories/linked-roblox-accounts.repository.ts";
import { createMinorSpending } from "#adapters/repositories/minor-spending.repository.ts";
import { createRecipientRechecks } from "#adapters/repositories/recipient-rechecks.repository.ts";
import { createRiskModule, type RiskModule } from "#domain/risk/risk.module.ts";
import type { PaymentGateways } from "#domain/payments/payment-gateway.port.ts";
import { createRewardsModule, type RewardsModule } from "#domain/rewards/rewards.module.ts";
import type { Clock } from "#domain/shared/clock.port.ts";
import type { IdGenerator } from "#domain/shared/id-generator.port.ts";
import type { ImageProcessor } from "#domain/shared/image-processor.port.ts";
import type { RateLimiter } from "#domain/shared/rate-limiter.port.ts";
import type { RobloxDirectory } from "#domain/roblox/roblox-directory.port.ts";
import type { GamePasses } from "#domain/roblox/game-passes.port.ts";
import type { Config } from "./config.ts";
import { createPaymentGateways } from "./payment-gateway.ts";

/**
 * The four order modules as the App serves them, under one name (app.ordering.capturePayment,
 * app.ordering.refundOrder, ...): each use case is its module's, on the one order transaction.
 */
export type OrderingModule = CheckoutModule & PaymentsModule & FulfilmentModule & RiskModule & HoldersModule;

interface OrdersWiring {
  db: Db;
  config: Config;
  eventListeners: EventListener[];
  outbox: Parameters<typeof createOrderingUnitOfWork>[2];
  images: ImageProcessor;
  rateLimiter: RateLimiter;
  clock: Clock;
  ids: IdGenerator;
  log: Logger;
  /** Roblox's directory: checkout checks the recipient with it before any payment exists. */
  robloxDirectory: RobloxDirectory;
  /** Roblox's game passes: a gamepass order's pass checked at checkout and again when staff buy it. */
  gamePasses: GamePasses;
  /** Delivery proofs: a private folder of the file store, served only to the order's owner and staff. */
  proofs: Parameters<typeof createFulfilmentModule>[0]["proofs"];
}

/**
 * The money side of the composition root (src/server/app.ts): the payment gateway, the rewards
 * module and the four order modules that use both, wired once.
 */
export function composeOrders({
  db,
  config,
  eventListeners,
  outbox,
  images,
  rateLimiter,
  clock,
  ids,
  log,
  proofs,
  robloxDirectory,
  gamePasses,
}: OrdersWiring): {
  payments: PaymentGateways;
  rewards: RewardsModule;
  ordering: OrderingModule;
} {
  const payments = createPaymentGateways(config.payments, { clock, log, shopName: config.shop.name });
  const rewards = createRewardsModule({
    unitOfWork: createRewardsUnitOfWork(db, eventListeners, outbox),
    codes: randomReferralCodes,
    ids,
    clock,
    pointsPerDollar: config.pointsPerDollar,
  });
  const delivery = { slaMinutes: config.delivery.slaMinutes };
  // Cross-module rules composed here, in the order's own transaction: an order's points and store
  // credit change through the rewards module's hooks, and a payment the provider settles later runs
  // the risk module's check (orderTransaction binds both).
  const unitOfWork = orderTransaction(createOrderingUnitOfWork(db, eventListeners, outbox, { defaultHoldScore: config.riskHoldScore }), {
    orderRewards: rewards.orderRewards,
    delivery,
  });
  const recheckMs = config.reconcileSeconds * 1000;
  const paymentsModule = createPaymentsModule({ unitOfWork, gateways: payments, clock, ids, recheckMs });
  const ordering: OrderingModule = {
    ...createCheckoutModule({
      unitOfWork,
      gateways: payments,
      clock,
      ids,
      shopName: config.shop.name,
      delivery,
      holds: { caps: config.holdCaps, preparesPerMinute: config.abuseLimits.preparesPerMinute },
      codeValidationsPerMinute: config.abuseLimits.codeValidationsPerMinute,
      rateLimiter,
      recheckMs,
      directory: robloxDirectory,
      gamePasses,
      linkedAccounts: createLinkedRobloxAccounts(db),
      parentLinkHours: config.parentLinkHours,
      minorSpending: createMinorSpending(db),
    }),
    ...paymentsModule,
    // Delivery proofs are a private folder: the public /uploads route never serves them; only
    // GET /api/orders/{id}/proofs/{file} does, to the order's owner and staff.
    ...createFulfilmentModule({
      unitOfWork,
      proofs,
      images,
      clock,
      ids,
      compensationPoints: config.delivery.compensationPoints,
      delivery,
      // A shopper's cancel refunds through the one refund path, as a staff refund does.
      refund: paymentsModule.refundOrder,
      cancelGrantHours: config.delivery.cancelGrantHours,
      gamePasses,
      robloxPendingDays: config.roblox.pendingDays,
    }),
    ...createRiskModule({
      unitOfWork,
      gateways: payments,
      clock,
      ids,
      delivery,
      recheckMs,
      // A name Roblox could not check is asked again at most once a minute (or a job interval, if longer).
      recipients: { rechecks: createRecipientRechecks(db), directory: robloxDirectory, retryMs: Math.max(60_000, config.delivery.checkIntervalMs) },
    }),
    // The accounts holding the stock: their changes take the products' row locks the checkout takes.
    ...createHoldersModule({ unitOfWork: createHoldersUnitOfWork(db), directory: robloxDirectory, clock, ids }),
  };
  return { payments, rewards, ordering };
}
