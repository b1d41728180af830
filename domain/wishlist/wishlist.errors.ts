import { DomainError } from "../shared/domain-error.ts";

export const wishlistItemNotFound = () => new DomainError("not_found", "wishlist_item_not_found", "This item is not in your wishlist");
