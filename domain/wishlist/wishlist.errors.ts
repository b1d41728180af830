import { DomainError } from "../shared/domain-error.ts";
import { ErrorCode } from "../shared/error-codes.ts";

export const wishlistItemNotFound = () => new DomainError("not_found", ErrorCode.wishlistItemNotFound, "This item is not in your wishlist");
