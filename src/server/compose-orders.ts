import type { Db } from "#adapters/db/database.ts";
import type { Logger } from "#adapters/log/logger.ts";
import { randomReferralCodes } from "#adapters/random/referral-code-generator.ts";
import type { EventListener } from "#adapters/repositories/event-log.repository.ts";
import { createOrderingUnitOfWork } from "#adapters/repositories/shopping.unit-of-work.ts";
import { createRewardsUnitOfWork } from "#adapters/repositories/rewards.unit-of-work.ts";
import { createOrderingModule, type OrderingModule } from "#domain/ordering/ordering.module.ts";
import type { PaymentGateway } from "#domain/payments/payment-gateway.port.ts";
import { createRewardsModule, type RewardsModule } from "#domain/rewards/rewards.module.ts";
import type { Clock } from "#domain/shared/clock.port.ts";
import type { IdGenerator } from "#domain/shared/id-generator.port.ts";
import type { ImageProcessor } from "#domain/shared/image-processor.port.ts";
import type { RateLimiter } from "#domain/shared/rate-limiter.port.ts";
import type { Config } from "./config.ts";
import { createPaymentGateway } from "./payment-gateway.ts";

type OrderingDeps = Parameters<typeof createOrderingModule>[0];

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
  /** Delivery proofs: a private folder of the file store, served only to the order's owner and staff. */
  proofs: OrderingDeps["proofs"];
}

/**
 * The money side of the composition root (src/server/app.ts): the payment gateway, the rewards
 * module and the ordering module that uses both, wired once.
 */
export function composeOrders({ db, config, eventListeners, outbox, images, rateLimiter, clock, ids, log, proofs }: OrdersWiring): {
  payments: PaymentGateway;
  rewards: RewardsModule;
  ordering: OrderingModule;
} {
  const payments = createPaymentGateway(config.payments, { clock, log, shopName: config.shop.name });
  const rewards = createRewardsModule({
    unitOfWork: createRewardsUnitOfWork(db, eventListeners, outbox),
    codes: randomReferralCodes,
    ids,
    clock,
    pointsPerDollar: config.pointsPerDollar,
  });
  const ordering = createOrderingModule({
    unitOfWork: createOrderingUnitOfWork(db, eventListeners, outbox, { defaultHoldScore: config.riskHoldScore }),
    // A cross-module rule composed here: an order's points and store credit change in its own
    // transaction, through the rewards module's hooks.
    orderRewards: rewards.orderRewards,
    gateway: payments,
    // Delivery proofs are a private folder: the public /uploads route never serves them; only
    // GET /api/orders/{id}/proofs/{file} does, to the order's owner and staff.
    proofs,
    images,
    clock,
    ids,
    shopName: config.shop.name,
    delivery: { slaMinutes: config.delivery.slaMinutes, compensationPoints: config.delivery.compensationPoints },
    holds: { caps: config.holdCaps, preparesPerMinute: config.abuseLimits.preparesPerMinute },
    codeValidationsPerMinute: config.abuseLimits.codeValidationsPerMinute,
    rateLimiter,
    recheckMs: config.reconcileSeconds * 1000,
  });
  return { payments, rewards, ordering };
}
