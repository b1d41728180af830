import { centsFromDecimal, formatCents, type Cents } from "../shared/money.ts";
import type { CsvRecord, ImportAction, ImportRow } from "./catalogue-csv.ts";
import { DEFAULT_STOCK, generatedItemPicture, MAX_STOCK, type Product, type ProductFields } from "./product.ts";
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
export interface ImportEntry {
  /** Null for holder lines with no product line above them. */
  product: CsvRecord | null;
  holders: CsvRecord[];
}

/** A holder account of a game, as the import names it. */
export interface ImportHolder {
  id: string;
  gameId: string;
  robloxUsername: string;
  active: boolean;
}

/** A holder's units of a product as stored. */
export interface ImportHolding {
  holderId: string;
  productId: string;
  quantity: number;
}

/** What the store holds that one entry is checked against. */
export interface EntryContext {
  /** The product the line's id names; null without an id or when none has it. */
  current: Product | null;
  /** The slug of the current product's game (to name it in an error). */
  currentGameSlug: string | null;
  /** The game the line's slug names. */
  game: { id: string; slug: string } | null;
  /** The holder accounts of the product's game. */
  holders: readonly ImportHolder[];
  /** The current product's holder lines. */
  holdings: readonly ImportHolding[];
  /** The line on which the file already had this product, or null. */
  duplicateOf: number | null;
}

/** A new product's fields, as the file gives them and the product form would default them. */
export type NewProduct = Omit<Required<ProductFields>, "requirements"> & { requirements: [] };

/** What applying an entry writes; nothing when a line has errors or nothing changes. */
export interface EntryPlan {
  rows: ImportRow[];
  product: { kind: "create"; fields: NewProduct } | { kind: "update"; product: Product } | null;
  /** Holder lines whose quantity changes (productId null: the product is created with the entry). */
  holdings: { holderId: string; productId: string | null; quantity: number }[];
}

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

/** The problems of a readable product line against the store: unknown id or game, a move between games, a second line. */
function productProblems(line: ProductLine, ctx: EntryContext): string[] {
  const errors: string[] = [];
  if (ctx.duplicateOf !== null)
    errors.push(
      line.id !== null
        ? `id: this product is already on line ${ctx.duplicateOf}; keep one line per product`
        : `name: a new product of this name and game is already on line ${ctx.duplicateOf}; keep one line per product`,
    );
  if (line.id !== null && ctx.current === null) errors.push(`id: no product has the id "${line.id}"; leave id empty to add a new product`);
  if (ctx.game === null) errors.push(`game: no game has the slug "${line.game}"; use a slug from the Games tab`);
  else if (ctx.current !== null && ctx.current.gameId !== ctx.game.id)
    errors.push(
      `game: this product is in ${ctx.currentGameSlug ?? "another game"}; write ${ctx.currentGameSlug ?? "its game"} here (move a product to another game in its editor)`,
    );
  return errors;
}

function holderAction(current: number | null, quantity: number): ImportAction {
  if (current === null) return "create";
  return current === quantity ? "unchanged" : "update";
}

/** The holder lines of an entry checked against the game's holders; the quantities they set, by holder. */
function planHolders(entry: ImportEntry, line: ProductLine | null, ctx: EntryContext) {
  const rows: ImportRow[] = [];
  const set = new Map<string, number>();
  const seen = new Map<string, number>();
  for (const record of entry.holders) {
    const read = readHolderLine(record.cells);
    const errors = [...read.errors];
    let action: ImportAction = "error";
    if (entry.product === null) errors.push("kind: a holder line must sit right under its product's line");
    else if (line === null || ctx.game === null) errors.push(`holder: the product line above (line ${entry.product.line}) has errors; fix it first`);
    else if (read.value) {
      const { id, holder: name, quantity } = read.value;
      const holder = ctx.holders.find((h) => h.robloxUsername.toLowerCase() === name.toLowerCase());
      const current = holder ? (ctx.holdings.find((h) => h.holderId === holder.id)?.quantity ?? null) : null;
      if (id !== null && id !== line.id)
        errors.push(`id: "${id}" is not the id of the product line above; put each holder line right under its product's line, with its id`);
      if (!holder) errors.push(`holder: no holder "${name}" is registered for ${ctx.game.slug}; add it on the Holders tab first, or correct the name`);
      else if (seen.has(holder.id))
        errors.push(`holder: ${holder.robloxUsername} is already on line ${seen.get(holder.id)} for this product; keep one line per holder`);
      else if (!holder.active && quantity !== (current ?? 0))
        errors.push(`quantity: ${holder.robloxUsername} is marked lost; restore it on the Holders tab before giving it stock`);
      if (holder && !seen.has(holder.id)) seen.set(holder.id, record.line);
      if (holder && errors.length === 0) {
        action = holderAction(current, quantity);
        set.set(holder.id, quantity);
      }
    }
    rows.push({ line: record.line, action: errors.length > 0 ? "error" : action, errors });
  }
  return { rows, set };
}

/** The fields of an existing product after its line: only what the line gives changes. */
function updated(current: Product, line: ProductLine, onHolders: boolean): Product {
  return {
    ...current,
    name: line.name,
    category: line.category,
    price: line.price,
    originalPrice: line.originalPrice,
    stock: onHolders || line.stock === null ? current.stock : line.stock,
    featured: line.featured ?? current.featured,
    deliveryMethod: line.deliveryMethod ?? current.deliveryMethod,
  };
}

const differs = (a: Product, b: Product) =>
  a.name !== b.name ||
  a.category !== b.category ||
  a.price !== b.price ||
  a.originalPrice !== b.originalPrice ||
  a.stock !== b.stock ||
  a.featured !== b.featured ||
  a.deliveryMethod !== b.deliveryMethod;

/**
 * What one product's lines mean against the store: each line's action and errors, and what to
 * write. A product on holders has their sum as its stock, so its stock cell may only be left
 * empty, stay as it was, or equal the new sum. Holders the file leaves out keep their units.
 */
export function planEntry(entry: ImportEntry, ctx: EntryContext): EntryPlan {
  const read = entry.product ? readProductLine(entry.product.cells) : { value: null, errors: [] };
  const line = read.value;
  const productErrors = [...read.errors, ...(line ? productProblems(line, ctx) : [])];
  const holders = planHolders(entry, productErrors.length === 0 ? line : null, ctx);
  const rows = [...holders.rows];
  let product: EntryPlan["product"] = null;
  let action: ImportAction = "error";
  if (line && productErrors.length === 0 && ctx.game) {
    const onHolders = ctx.holdings.length > 0 || holders.set.size > 0;
    if (onHolders && line.stock !== null && line.stock !== ctx.current?.stock) {
      const quantities = new Map(ctx.holdings.map((h) => [h.holderId, h.quantity]));
      for (const [holderId, quantity] of holders.set) quantities.set(holderId, quantity);
      const sum = ctx.holders.filter((h) => h.active).reduce((total, h) => total + (quantities.get(h.id) ?? 0), 0);
      if (line.stock !== sum)
        productErrors.push(`stock: this product's units are on its holders (${sum} in all); change their lines under it, or leave stock empty`);
    }
    if (productErrors.length === 0 && ctx.current) {
      const next = updated(ctx.current, line, onHolders);
      action = differs(ctx.current, next) ? "update" : "unchanged";
      if (action === "update") product = { kind: "update", product: next };
    } else if (productErrors.length === 0) {
      action = "create";
      product = { kind: "create", fields: newProduct(line, ctx.game.id, onHolders) };
    }
  }
  if (entry.product) rows.unshift({ line: entry.product.line, action: productErrors.length > 0 ? "error" : action, errors: productErrors });
  if (rows.some((row) => row.errors.length > 0)) return { rows, product: null, holdings: [] };
  const productId = ctx.current?.id ?? null;
  const holdings = [...holders.set]
    .filter(([holderId, quantity]) => ctx.holdings.find((h) => h.holderId === holderId)?.quantity !== quantity)
    .map(([holderId, quantity]) => ({ holderId, productId, quantity }));
  return { rows, product, holdings };
}

function newProduct(line: ProductLine, gameId: string, onHolders: boolean): NewProduct {
  return {
    gameId,
    name: line.name,
    category: line.category,
    description: "",
    image: generatedItemPicture(line.name, line.category),
    price: line.price,
    originalPrice: line.originalPrice,
    // On holders, the recount after its holder lines sets the stock.
    stock: onHolders ? 0 : (line.stock ?? DEFAULT_STOCK),
    featured: line.featured ?? false,
    requirements: [],
    deliveryMethod: line.deliveryMethod ?? "trade",
    deliveryMinutes: null,
  };
}
