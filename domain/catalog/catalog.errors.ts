import { DomainError } from "../shared/domain-error.ts";

export const gameNotFound = () => new DomainError("not_found", "game_not_found", "Game not found");
export const productNotFound = () => new DomainError("not_found", "product_not_found", "Product not found");
export const categoryNotFound = () => new DomainError("not_found", "category_not_found", "Category not found");
export const gameNameRequired = () => new DomainError("invalid", "game_name_required", "Game name is required");
export const badSlug = () =>
  new DomainError("invalid", "bad_slug", "The slug may contain only lower-case letters, digits and single hyphens (for example blox-fruits)");
export const slugTaken = (slug: string) => new DomainError("conflict", "slug_taken", `Another game already uses the slug "${slug}"`);
export const gameHasProducts = (count: number) =>
  new DomainError(
    "conflict",
    "game_has_products",
    `This game still has ${count} product${count === 1 ? "" : "s"}. Delete or move them to another game first.`,
  );
export const categoryNameRequired = () => new DomainError("invalid", "category_name_required", "Category name is required");
export const categoryExists = (name: string) => new DomainError("conflict", "category_exists", `The category "${name}" already exists for this game`);
export const categoryHasProducts = (count: number) =>
  new DomainError(
    "conflict",
    "category_has_products",
    `This category still has ${count} product${count === 1 ? "" : "s"}. Move or delete them first.`,
  );
export const unknownGame = () => new DomainError("invalid", "unknown_game", "The chosen game does not exist");
export const productNameRequired = () => new DomainError("invalid", "product_name_required", "Product name is required");
export const productCategoryRequired = () => new DomainError("invalid", "product_category_required", "Category is required");
export const productImageRequired = () => new DomainError("invalid", "product_image_required", "Image is required");
export const badStock = () => new DomainError("invalid", "bad_stock", "Stock must be a whole number of 0 or more");
export const badPrice = () => new DomainError("invalid", "bad_price", "Prices must be 0 or more");
