import type { PaymentsRepositories } from "../payments/payments-repositories.port.ts";
import type { DeliveryHolds } from "./delivery-holds.port.ts";
import type { DeliveryProofs } from "./delivery-proof.port.ts";
import type { PrivateServerLinks } from "./private-server-link.ts";
import type { DeliveryTerms } from "./delivery-terms.port.ts";
import type { CancelRequests } from "./cancel-requests.port.ts";
import type { CancelRefunds } from "./cancel-refunds.port.ts";

/** What the delivery use cases need inside the order's transaction (cancelling gives store credit back: the payments'). */
export interface FulfilmentRepositories extends PaymentsRepositories {
  /** Delivery proof screenshots of orders. */
  proofs: DeliveryProofs;
  /** Orders that may not be delivered yet (held for a payment check). */
  holds: DeliveryHolds;
  /** The orders' private-server links. */
  privateServers: PrivateServerLinks;
  /** Products' delivery times and the staffed hours: what a promise is made of. */
  terms: DeliveryTerms;
  /** Shoppers' requests to cancel started orders. */
  cancelRequests: CancelRequests;
  /** The refunds cancellations still owe. */
  cancelRefunds: CancelRefunds;
}
