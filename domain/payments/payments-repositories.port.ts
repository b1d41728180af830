import type { OrderRepositories } from "../orders/order-repositories.port.ts";
import type { OrderPaymentRepository } from "./order-payment-repository.port.ts";
import type { PaymentOutcomes } from "./payment-outcomes.port.ts";

/** What the payment use cases need inside the order's transaction. */
export interface PaymentsRepositories extends OrderRepositories {
  /** Refunds, payment status and history, webhook events, reconciliation queue. */
  payments: OrderPaymentRepository;
  /** What follows a settled payment beyond it (the risk module's, bound to this transaction). */
  outcomes: PaymentOutcomes;
}
