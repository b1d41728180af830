import type { RateLimiter } from "../shared/rate-limiter.port.ts";
import type { EventLog } from "./event-log.port.ts";
import type { TrackedProducts } from "./tracked-product.port.ts";

/** What tracking use cases run in one transaction: the rate-limit hit and the appended event. */
export interface TrackingWork {
  events: EventLog;
  limiter: RateLimiter;
  products: TrackedProducts;
}
