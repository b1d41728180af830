import type { EventLog } from "../analytics/event-log.port.ts";
import type { MailOutbox } from "../mail/mail-outbox.port.ts";
import type { DiscountUsage, OrderRepository, StockRepository } from "./order-repository.port.ts";
import type { OrderHolders } from "./order-holders.port.ts";
import type { OrderRewards } from "./order-rewards.port.ts";
import type { OrderTimeline } from "./order-timeline.port.ts";

/**
 * What every order module (payments, fulfilment, risk, checkout) uses inside the order's one
 * transaction; each module's own repositories add to it (PaymentsRepositories, then
 * FulfilmentRepositories, RiskRepositories and CheckoutRepositories, in the modules' order).
 */
export interface OrderRepositories {
  orders: OrderRepository;
  stock: StockRepository;
  /** The stock on the Roblox accounts that hold it, and the units each order is reserved on. */
  holders: OrderHolders;
  discountUsage: DiscountUsage;
  events: EventLog;
  /** The order's history, shown to its shopper and staff. */
  timeline: OrderTimeline;
  /** Points and store credit of the order, in the same transaction. */
  rewards: OrderRewards;
  /** Emails to the shopper (receipt, status changes), sent only if the transaction commits. */
  mail: MailOutbox;
}
