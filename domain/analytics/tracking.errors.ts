import { DomainError } from "../shared/domain-error.ts";
import { ErrorCode } from "../shared/error-codes.ts";

export const tooManyTrackingRequests = (retryAfterSeconds?: number) =>
  new DomainError("rate_limited", ErrorCode.trackingRateLimited, "Too many tracking requests. Please slow down.", { retryAfterSeconds });
export const unknownTrackedProduct = () => new DomainError("not_found", ErrorCode.productNotFound, "Product not found");
