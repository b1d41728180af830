import { DomainError } from "../shared/domain-error.ts";

export const tooManyTrackingRequests = (retryAfterSeconds?: number) =>
  new DomainError("rate_limited", "tracking_rate_limited", "Too many tracking requests. Please slow down.", { retryAfterSeconds });
export const unknownTrackedProduct = () => new DomainError("not_found", "product_not_found", "Product not found");
