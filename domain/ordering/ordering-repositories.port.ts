import type { EventLog } from "../analytics/event-log.port.ts";
import type { MailOutbox } from "../mail/mail-outbox.port.ts";
import type { CartRepository } from "../cart/cart-repository.port.ts";
import type { ProductAvailability } from "../cart/product-availability.port.ts";
import type { OrderPaymentRepository } from "../payments/order-payment-repository.port.ts";
import type { DiscountCodeRepository } from "../promotions/discount-code-repository.port.ts";
import type { CheckoutRepository } from "./checkout-repository.port.ts";
import type { OrderRewards } from "./order-rewards.port.ts";
import type { OrderTimeline } from "./order-timeline.port.ts";
import type { DeliveryProofs } from "./delivery-proof.port.ts";
import type { DiscountUsage, OrderRepository, StockRepository } from "./order-repository.port.ts";
import type { Blocklist } from "../risk/blocklist.port.ts";
import type { RiskRepository } from "../risk/risk-repository.port.ts";
import type { Chargebacks } from "../risk/chargebacks.port.ts";

/** What checkout, payment and order use cases need inside one transaction. */
export interface OrderingRepositories {
  cart: CartRepository;
  products: ProductAvailability;
  discountCodes: Pick<DiscountCodeRepository, "byId" | "byCode">;
  discountUsage: DiscountUsage;
  checkouts: CheckoutRepository;
  orders: OrderRepository;
  stock: StockRepository;
  events: EventLog;
  /** The order's history, shown to its shopper and staff. */
  timeline: OrderTimeline;
  /** Delivery proof screenshots of orders. */
  proofs: DeliveryProofs;
  /** Points and store credit of the order, in the same transaction. */
  rewards: OrderRewards;
  /** Refunds, payment status and history, webhook events, reconciliation queue. */
  payments: OrderPaymentRepository;
  /** Emails to the shopper (receipt, status changes), sent only if the transaction commits. */
  mail: MailOutbox;
  /** Risk facts, settings and each order's risk state (issue 37). */
  risk: RiskRepository;
  /** Parties that may not check out. */
  blocklist: Blocklist;
  /** Disputes and reversals remembered, and accounts frozen by them. */
  chargebacks: Chargebacks;
}

/**
 * What the ordering unit of work binds to its transaction (the adapters): the repositories, and
 * the rewards module's ledgers instead of its hooks. The ordering module makes the hooks from the
 * ledgers with the function the composition root gives it (the rewards module's orderRewards), so
 * no adapter runs a rewards rule. What the ledgers are is the rewards module's business: ordering
 * only hands them over, so it names no type of rewards (the two modules do not import each other).
 */
export type OrderingStore<RewardsLedgers> = Omit<OrderingRepositories, "rewards"> & { rewardsLedgers: RewardsLedgers };
