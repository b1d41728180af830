import { DomainError } from "../shared/domain-error.ts";

export const gameNotFound = () => new DomainError("not_found", "game_not_found", "Game not found");
export const productNotFound = () => new DomainError("not_found", "product_not_found", "Product not found");
