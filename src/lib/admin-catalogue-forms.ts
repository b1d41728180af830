import { REQUIREMENT_CODE, type Requirement } from "#domain/catalogue/requirements.ts";
import { hasCategoryNamed, normalizeCategoryName } from "#domain/catalogue/category.ts";
import { originalPriceProblem, parseStock, STOCK_PROBLEM } from "#domain/catalogue/product.ts";
import { centsFromDecimal } from "#domain/shared/money.ts";
import { isSlug } from "#domain/shared/slug.ts";

/**
 * The rules of the admin panel's product and game forms (admin-panel.md 5), apart from the
 * components so they are tested on their own. The server checks everything again.
 */

export interface ProductFormValues {
  name: string;
  gameId: string;
  category: string;
  price: string;
  originalPrice: string;
  image: string;
  description: string;
  stock: string;
  featured: boolean;
}

/** Save is disabled unless name, game, category, price and image are all present. */
export function canSaveProduct(form: ProductFormValues): boolean {
  return [form.name, form.gameId, form.category, form.price, form.image].every((value) => value.trim() !== "");
}

/** The fields the product form points at, each with what to fix. */
export type ProductFieldErrors = Partial<Record<"price" | "originalPrice" | "stock", string>>;

const PRICE_PROBLEM = "Enter an amount of 0 or more with at most 2 decimals, e.g. 12.99";

/**
 * What is wrong with the typed prices and stock, by field, with the server's own rules
 * (domain/catalogue/product.ts): an amount with at most 2 decimals, an original price above the
 * price, a whole number of units or the empty box (100). Required fields are canSaveProduct's.
 */
export function productFieldErrors(form: ProductFormValues): ProductFieldErrors {
  const errors: ProductFieldErrors = {};
  const price = form.price.trim() === "" ? null : centsFromDecimal(form.price);
  if (form.price.trim() !== "" && price === null) errors.price = PRICE_PROBLEM;
  const original = form.originalPrice.trim() === "" ? null : centsFromDecimal(form.originalPrice);
  if (form.originalPrice.trim() !== "" && original === null) errors.originalPrice = PRICE_PROBLEM;
  else if (price !== null) {
    const problem = originalPriceProblem(price, original);
    if (problem) errors.originalPrice = problem;
  }
  if (parseStock(form.stock) === null) errors.stock = STOCK_PROBLEM;
  return errors;
}

/** The body of POST/PATCH /api/admin/products: stock parsed (100 when left empty; check productFieldErrors first), originalPrice null when empty, featured 1/0. */
export function productPayload(form: ProductFormValues) {
  return {
    name: form.name.trim(),
    gameId: form.gameId,
    category: form.category,
    price: form.price.trim(),
    originalPrice: form.originalPrice.trim() === "" ? null : form.originalPrice.trim(),
    image: form.image.trim(),
    description: form.description,
    stock: parseStock(form.stock) ?? Number.NaN,
    featured: form.featured ? 1 : 0,
  };
}

/**
 * The category choices: the selected game's categories (in their order), otherwise the distinct
 * categories of existing products (sorted). A product's current category is always offered, so
 * editing never silently changes it.
 */
export function categoryChoices(gameCategories: readonly string[], productCategories: readonly string[], current = ""): string[] {
  const base = gameCategories.length > 0 ? [...gameCategories] : [...new Set(productCategories)].sort((a, b) => a.localeCompare(b));
  return current !== "" && !base.includes(current) ? [current, ...base] : base;
}

export const GAME_SAVE_HINT = "Please fill in both Game Name and Slug to continue";
export const SLUG_HINT = "Use lower-case letters, digits and single hyphens, e.g. blox-fruits";

/** Game save is disabled unless name and slug are filled (and the slug can be used in a URL). */
export function gameFormProblem(name: string, slug: string): string | null {
  if (name.trim() === "" || slug.trim() === "") return GAME_SAVE_HINT;
  if (!isSlug(slug.trim())) return SLUG_HINT;
  return null;
}

/** What adding this category name would run into, or null when it can be added (trimmed, non-empty, new in this game). */
export function categoryNameProblem(existing: readonly { name: string }[], name: string): string | null {
  const trimmed = normalizeCategoryName(name);
  if (trimmed === "") return "Enter a category name";
  if (hasCategoryNamed(existing, trimmed)) return `This game already has a category named "${trimmed}"`;
  return null;
}

/** The spec's upload name: a timestamp with .png (admin-panel.md 9); the server names the file by its bytes. */
export function uploadFilename(now: Date): string {
  return `${now.getTime()}.png`;
}

/** Moves one item of a list up (-1) or down (+1); the list is unchanged at either end. */
export function moveItem<T>(items: readonly T[], index: number, by: -1 | 1): T[] {
  const target = index + by;
  if (index < 0 || index >= items.length || target < 0 || target >= items.length) return [...items];
  const copy = [...items];
  [copy[index], copy[target]] = [copy[target] as T, copy[index] as T];
  return copy;
}

/** One row of the requirements editor (Games and Products tabs) as typed; `url` empty means no link. */
export interface RequirementRow {
  code: string;
  text: string;
  url: string;
}

export type RequirementRowErrors = Partial<Record<keyof RequirementRow, string>>;

/**
 * What is wrong with each typed requirement, by row and field, with the server's rules
 * (domain/catalogue/requirements.ts checkRequirements): a code of lower-case words joined by
 * hyphens, once in the list, the text the shopper reads, a link only over https.
 */
export function requirementRowErrors(rows: readonly RequirementRow[]): RequirementRowErrors[] {
  const seen = new Set<string>();
  return rows.map((row) => {
    const errors: RequirementRowErrors = {};
    const code = row.code.trim();
    if (!REQUIREMENT_CODE.test(code) || code.length > 60) errors.code = "Use lower-case letters, digits and single hyphens, e.g. trade-license";
    else if (seen.has(code)) errors.code = "This code is already listed";
    seen.add(code);
    if (row.text.trim() === "") errors.text = "Write what the shopper must have";
    const url = row.url.trim();
    if (url !== "" && !/^https:\/\/[^\s/]+\S*$/i.test(url)) errors.url = "A link must start with https://";
    return errors;
  });
}

export const requirementRowsOf = (requirements: readonly Requirement[]): RequirementRow[] =>
  requirements.map((r) => ({ code: r.code, text: r.text, url: r.url ?? "" }));

/** The `requirements` of a game or product save (check requirementRowErrors first). */
export const requirementsPayload = (rows: readonly RequirementRow[]): Requirement[] =>
  rows.map((r) => (r.url.trim() ? { code: r.code.trim(), text: r.text.trim(), url: r.url.trim() } : { code: r.code.trim(), text: r.text.trim() }));
