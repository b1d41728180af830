import { DomainError } from "../shared/domain-error.ts";

export const cartItemNotFound = () => new DomainError("not_found", "cart_item_not_found", "This item is not in your cart");
export const outOfStock = (name: string) => new DomainError("conflict", "out_of_stock", `${name} is out of stock`);
export const notEnoughStock = (name: string, available: number, inCart: number) =>
  new DomainError(
    "conflict",
    "not_enough_stock",
    inCart > 0
      ? `Only ${available} of ${name} available and you already have ${inCart} in your cart`
      : `Only ${available} of ${name} available`,
  );
export const badQuantity = () => new DomainError("invalid", "bad_quantity", "Quantity must be a whole number of at least 1");
