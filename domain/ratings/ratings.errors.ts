import { DomainError } from "../shared/domain-error.ts";
import { ErrorCode } from "../shared/error-codes.ts";
import { MAX_RATING_TEXT } from "./rating.ts";

// "Not found" also for an order of someone else: whether an order id exists is not told to others.
export const ratingOrderNotFound = () => new DomainError("not_found", ErrorCode.orderNotFound, "Order not found");
export const orderNotDelivered = () => new DomainError("conflict", ErrorCode.orderNotDelivered, "You can rate an order once it has been delivered");
// The shopper said they did not get it: a rating waits until staff re-delivered or refunded it.
export const ratingCaseOpen = () =>
  new DomainError("conflict", ErrorCode.ratingCaseOpen, "You can rate this order once our team has sorted out the delivery you told us about");
export const productNotInOrder = () => new DomainError("unprocessable", ErrorCode.productNotInOrder, "This product is not part of this order");
export const alreadyRated = () => new DomainError("conflict", ErrorCode.alreadyRated, "You have already rated this product for this order");
export const badStars = () => new DomainError("invalid", ErrorCode.badStars, "A rating is a whole number of stars from 1 to 5");
export const ratingTextTooLong = () =>
  new DomainError("invalid", ErrorCode.ratingTextTooLong, `A comment or reply can be at most ${MAX_RATING_TEXT} characters`);
export const ratingNotFound = () => new DomainError("not_found", ErrorCode.ratingNotFound, "Rating not found");
