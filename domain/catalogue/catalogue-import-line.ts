import { centsFromDecimal, formatCents, type Cents } from "../shared/money.ts";
import type { CsvRecord } from "./catalogue-csv.ts";
import { MAX_STOCK } from "./product.ts";
import { DELIVERY_METHODS, type DeliveryMethod } from "./requirements.ts";

/** The columns a file must have; the others of the export may be left out (an empty cell then). */
export const REQUIRED_COLUMNS = ["kind", "id", "game", "name", "category", "price"] as const;

/** What a product's line asks for. Null optional cells: left empty (kept on an existing product, the default on a new one). */
export interface ProductLine {
  id: string | null;
  game: string;
  name: string;
  category: string;
  price: Cents;
  originalPrice: Cents | null;
  stock: number | null;
  featured: boolean | null;
  deliveryMethod: DeliveryMethod | null;
}

/** What a holder's line asks for: the units one holder account has of the product above it. */
export interface HolderLine {
  id: string | null;
  holder: string;
  quantity: number;
}

/** A product's line and the holder lines right under it: what one product becomes. */
const MAX_NAME = 200;
const MAX_CATEGORY = 100;

const cell = (cells: CsvRecord["cells"], column: string) => (cells[column] ?? "").trim();

/** "product", "holder", or null for anything else. */
export function kindOf(cells: CsvRecord["cells"]): "product" | "holder" | null {
  const kind = cell(cells, "kind").toLowerCase();
  return kind === "product" || kind === "holder" ? kind : null;
}

/** The problem of a file whose header lacks a column the import needs, or null. */
export function headerProblem(cells: CsvRecord["cells"]): string | null {
  const missing = REQUIRED_COLUMNS.filter((column) => !(column in cells));
  return missing.length === 0 ? null : `The header lacks ${missing.join(", ")}: start from an exported file, which has every column`;
}

/** Two lines are the same product when they carry one id, or (new products) one game and name. */
export function duplicateKey(cells: CsvRecord["cells"]): string {
  const id = cell(cells, "id");
  return id !== "" ? `id\u0000${id}` : `new\u0000${cell(cells, "game").toLowerCase()}\u0000${cell(cells, "name").toLowerCase()}`;
}

function readPrice(text: string, column: string, errors: string[], minimum: Cents): Cents | null {
  const cents = centsFromDecimal(text);
  if (cents === null || cents < minimum) {
    errors.push(`${column}: "${text}" is not a price; write it like 12.99 (${formatCents(minimum)} or more)`);
    return null;
  }
  return cents;
}

function readUnits(text: string, column: string, errors: string[]): number | null {
  if (/^\d{1,7}$/.test(text) && Number(text) <= MAX_STOCK) return Number(text);
  errors.push(`${column}: "${text}" is not a number of units; write a whole number from 0 to ${MAX_STOCK.toLocaleString("en-US")}`);
  return null;
}

function readRequired(text: string, column: string, max: number, errors: string[]): string {
  if (text === "") errors.push(`${column}: empty; every product needs one`);
  else if (text.length > max) errors.push(`${column}: longer than ${max} characters; shorten it`);
  return text;
}

/** A product's line read cell by cell; every problem named with its column and the fix. */
export function readProductLine(cells: CsvRecord["cells"]): { value: ProductLine | null; errors: string[] } {
  const errors: string[] = [];
  if (kindOf(cells) !== "product") errors.push(`kind: "${cell(cells, "kind")}" is not a kind of line; write product or holder`);
  const game = cell(cells, "game");
  if (game === "") errors.push("game: empty; write the game's slug (as on the Games tab)");
  const name = readRequired(cell(cells, "name"), "name", MAX_NAME, errors);
  const category = readRequired(cell(cells, "category"), "category", MAX_CATEGORY, errors);
  const price = readPrice(cell(cells, "price"), "price", errors, 1);
  const originalText = cell(cells, "originalPrice");
  const originalPrice = originalText === "" ? null : readPrice(originalText, "originalPrice", errors, 1);
  const stockText = cell(cells, "stock");
  const stock = stockText === "" ? null : readUnits(stockText, "stock", errors);
  const featuredText = cell(cells, "featured").toLowerCase();
  const featured =
    featuredText === "" ? null : featuredText === "1" || featuredText === "true" ? true : featuredText === "0" || featuredText === "false" ? false : undefined;
  if (featured === undefined) errors.push(`featured: "${cell(cells, "featured")}" is neither 1 nor 0; write 1 to feature the product, 0 not to`);
  const methodText = cell(cells, "deliveryMethod");
  const deliveryMethod = methodText === "" ? null : (DELIVERY_METHODS.find((m) => m === methodText) ?? undefined);
  if (deliveryMethod === undefined) errors.push(`deliveryMethod: "${methodText}" is not a delivery method; write ${DELIVERY_METHODS.join(", ")}`);
  if (price !== null && originalPrice !== null && originalPrice <= price)
    errors.push(`originalPrice: ${formatCents(originalPrice)} is not above the price ${formatCents(price)}; make it higher than the price, or leave it empty`);
  if (errors.length > 0 || price === null || featured === undefined || deliveryMethod === undefined) return { value: null, errors };
  const id = cell(cells, "id");
  return { value: { id: id === "" ? null : id, game, name, category, price, originalPrice, stock, featured, deliveryMethod }, errors };
}

/** A holder's line read cell by cell. */
export function readHolderLine(cells: CsvRecord["cells"]): { value: HolderLine | null; errors: string[] } {
  const errors: string[] = [];
  const holder = cell(cells, "holder");
  if (holder === "") errors.push("holder: empty; write the Roblox username of the holder account");
  const quantity = readUnits(cell(cells, "quantity"), "quantity", errors);
  if (quantity === null || errors.length > 0) return { value: null, errors };
  const id = cell(cells, "id");
  return { value: { id: id === "" ? null : id, holder, quantity }, errors };
}
