import type { Audited } from "../audit/audit-log.port.ts";
import type { RatableOrders, RatingRepository } from "./rating-repository.port.ts";

/** What the rating use cases get from a unit of work: all bound to one transaction. */
export interface RatingsRepositories extends Audited {
  ratings: RatingRepository;
  orders: RatableOrders;
}
