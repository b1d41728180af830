import type { CsvRecord, ImportAction, ImportRow } from "./catalogue-csv.ts";
import { readHolderLine, readProductLine, type ProductLine } from "./catalogue-import-line.ts";
import { DEFAULT_STOCK, generatedItemPicture, type Product, type ProductFields } from "./product.ts";

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
    // The file has no Robux column: a gamepass product's amount is set in the product editor.
    robuxAmount: null,
  };
}
