import type { ImportCounts, ImportRow } from "./catalogue-csv.ts";
import { DomainError } from "../shared/domain-error.ts";
import { ErrorCode } from "../shared/error-codes.ts";

export const gameNotFound = () => new DomainError("not_found", ErrorCode.gameNotFound, "Game not found");
export const productNotFound = () => new DomainError("not_found", ErrorCode.productNotFound, "Product not found");
export const categoryNotFound = () => new DomainError("not_found", ErrorCode.categoryNotFound, "Category not found");
export const gameNameRequired = () =>
  new DomainError("invalid", ErrorCode.gameNameRequired, "Game name is required", { fields: { name: "Game name is required" } });
const BAD_SLUG = "The slug may contain only lower-case letters, digits and single hyphens (for example blox-fruits)";
export const badSlug = () => new DomainError("invalid", ErrorCode.badSlug, BAD_SLUG, { fields: { slug: BAD_SLUG } });
export const slugTaken = (slug: string) => {
  const message = `Another game already uses the slug "${slug}"`;
  return new DomainError("conflict", ErrorCode.slugTaken, message, { fields: { slug: message } });
};
export const gameHasProducts = (count: number) =>
  new DomainError(
    "conflict",
    ErrorCode.gameHasProducts,
    `This game still has ${count} product${count === 1 ? "" : "s"}. Delete or move them to another game first.`,
  );
/** A product was added to the game while it was being deleted (the foreign key refused the delete). */
export const gameStillHasProducts = () => new DomainError("conflict", ErrorCode.gameHasProducts, "This game still has products");
/** The product is still named by an order, a cart or a request (the foreign key refused the delete). */
export const productInUse = () => new DomainError("conflict", ErrorCode.productInUse, "This product is still in use and cannot be deleted");
export const categoryNameRequired = () => new DomainError("invalid", ErrorCode.categoryNameRequired, "Category name is required");
export const categoryExists = (name: string) => new DomainError("conflict", ErrorCode.categoryExists, `The category "${name}" already exists for this game`);
export const categoryHasProducts = (count: number) =>
  new DomainError("conflict", ErrorCode.categoryHasProducts, `This category still has ${count} product${count === 1 ? "" : "s"}. Move or delete them first.`);
export const unknownGame = () => new DomainError("invalid", ErrorCode.unknownGame, "The chosen game does not exist");
export const productNameRequired = () => new DomainError("invalid", ErrorCode.productNameRequired, "Product name is required");
export const productCategoryRequired = () => new DomainError("invalid", ErrorCode.productCategoryRequired, "Category is required");
export const productImageRequired = () => new DomainError("invalid", ErrorCode.productImageRequired, "Image is required");
export const badStock = () => new DomainError("invalid", ErrorCode.badStock, "Stock must be a whole number of 0 or more");
export const badDeliveryMinutes = () =>
  new DomainError(
    "invalid",
    ErrorCode.badDeliveryMinutes,
    "The delivery time must be a whole number of minutes from 1 to 10,080 (a week), or empty for the shop's promise",
  );
export const badRobuxAmount = () =>
  new DomainError("invalid", ErrorCode.badRobuxAmount, "A gamepass product needs the Robux its buyer receives: a whole number from 1 to 1,000,000", {
    fields: { robuxAmount: "Enter the Robux the buyer receives: a whole number from 1 to 1,000,000" },
  });
export const badPrice = () => new DomainError("invalid", ErrorCode.badPrice, "Prices must be 0 or more");
/** Said at the product form's field and in the API's 400 alike (issue 47). */
export const ORIGINAL_PRICE_PROBLEM = "The original price must be higher than the price; leave it empty when the item is not reduced";
export const originalPriceNotAbovePrice = () => new DomainError("invalid", ErrorCode.originalPriceNotAbovePrice, ORIGINAL_PRICE_PROBLEM);

/** An import with a line in error applies nothing: the answer carries every line's verdict, so the panel shows where. */
export const catalogueImportRefused = (rows: readonly ImportRow[], counts: ImportCounts) =>
  new DomainError(
    "unprocessable",
    ErrorCode.catalogueImportRefused,
    `Nothing was imported: ${counts.error} ${counts.error === 1 ? "line has" : "lines have"} errors. Fix ${counts.error === 1 ? "it" : "them"} and import the file again.`,
    { answer: { rows, counts } },
  );
