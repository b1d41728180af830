import { DomainError } from "../shared/domain-error.ts";
import { ErrorCode } from "../shared/error-codes.ts";

export const cartItemNotFound = () => new DomainError("not_found", ErrorCode.cartItemNotFound, "This item is not in your cart");
export const outOfStock = (name: string) => new DomainError("conflict", ErrorCode.outOfStock, `${name} is out of stock`);
export const notEnoughStock = (name: string, available: number, inCart: number) =>
  new DomainError(
    "conflict",
    ErrorCode.notEnoughStock,
    inCart > 0 ? `Only ${available} of ${name} available and you already have ${inCart} in your cart` : `Only ${available} of ${name} available`,
  );
export const badQuantity = () => new DomainError("invalid", ErrorCode.badQuantity, "Quantity must be a whole number of at least 1");
