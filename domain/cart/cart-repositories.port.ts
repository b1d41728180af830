import type { EventLog } from "../analytics/event-log.port.ts";
import type { CartRepository } from "./cart-repository.port.ts";
import type { ProductAvailability } from "./product-availability.port.ts";

/** What the cart's use cases need inside one transaction. */
export interface CartRepositories {
  cart: CartRepository;
  products: ProductAvailability;
  events: EventLog;
}
