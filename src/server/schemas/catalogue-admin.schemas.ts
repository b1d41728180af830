import * as z from "zod";
import { DEFAULT_STOCK, MAX_STOCK } from "#domain/catalogue/product.ts";
import { DELIVERY_METHODS, MAX_REQUIREMENTS } from "#domain/catalogue/requirements.ts";
import { MAX_IMAGE_BYTES } from "#domain/shared/image.ts";
import { centsFromDecimal } from "#domain/shared/money.ts";

/**
 * Request bodies of the admin catalogue API (admin-panel.md 7). Shapes, types and hard caps are
 * checked here; the business rules (required names, slug format and uniqueness, existing game)
 * are the domain's, so they hold for every caller.
 */

const id = z.string().min(1).max(100);

/** A picture the store may show: a path on this site ("/uploads/...", "/img/...") or an http(s) URL. Blank allowed here. */
const imageUrl = z
  .string()
  .trim()
  .max(2000)
  .refine((v) => v === "" || /^\/(?![/\\])\S*$/.test(v) || /^https?:\/\/[^\s/]+\S*$/i.test(v), "must be a path on this site (/...) or an http(s) URL");

/** The API speaks decimal strings ("12.99"); a JSON number is read the same way. */
export const money = z.union([z.string(), z.number()]).transform((value, ctx) => {
  const cents = centsFromDecimal(String(value));
  if (cents === null) {
    ctx.addIssue({ code: "custom", message: "must be an amount of 0 or more with at most 2 decimals, e.g. 12.99" });
    return z.NEVER;
  }
  return cents;
});

/** The spec sends originalPrice as null when empty; "" and a missing field mean the same. */
const optionalMoney = z.union([z.null(), z.literal(""), money]).transform((v) => (v === null || v === "" ? null : v));

/** featured is 1 or 0 in the spec; true and false are read too. */
const featured = z.union([z.literal(0), z.literal(1), z.boolean()]).transform((v) => v === 1 || v === true);

/** What a buyer's account needs: the domain checks codes, text and links; here the shape and caps. */
const requirements = z
  .array(
    z.object({
      code: z.string().max(60),
      text: z.string().max(300),
      url: z.preprocess((v) => (v === "" || v === null ? undefined : v), z.string().max(500).optional()),
    }),
    { error: "requirements must be a list of { code, text, url? }" },
  )
  .max(MAX_REQUIREMENTS, `requirements: at most ${MAX_REQUIREMENTS}`)
  .transform((list) => list.map((r) => (r.url === undefined ? { code: r.code, text: r.text } : { code: r.code, text: r.text, url: r.url })));

const deliveryMethod = z.enum(DELIVERY_METHODS, { error: "deliveryMethod must be trade, gift, private_server or gamepass" });

const gameFields = {
  name: z.string().max(100),
  slug: z.string().max(100),
  description: z.string().max(2000),
  thumbnail: imageUrl,
  requirements,
  deliveryMethod,
};

export const GameCreate = z.object({
  ...gameFields,
  description: gameFields.description.default(""),
  thumbnail: gameFields.thumbnail.default(""),
  requirements: requirements.default([]),
  deliveryMethod: deliveryMethod.default("trade"),
});

const nonEmpty = (value: object) => Object.keys(value).length > 0;
const NOTHING_TO_CHANGE = { message: "Nothing to change: send at least one field" };

export const GamePatch = z.object(gameFields).partial().refine(nonEmpty, NOTHING_TO_CHANGE);

export const GamesReorder = z.object({ gameIds: z.array(id).min(1, "gameIds must list the games").max(1000) });

export const CategoryRename = z.object({ name: z.string().max(60) });

export const CategoryCreate = z.object({
  gameId: id,
  name: z.string().max(60),
  // The panel sends the current count; the server computes the same itself (see addCategory).
  displayOrder: z.number().int().min(0).optional(),
});

export const CategoriesReorder = z.object({ categoryIds: z.array(id).min(1, "categoryIds must list the categories").max(1000) });

const productFields = {
  name: z.string().max(200),
  gameId: id,
  category: z.string().max(100),
  price: money,
  originalPrice: optionalMoney,
  image: imageUrl,
  description: z.string().max(5000),
  stock: z.number("Stock must be a whole number of units").int("Stock must be a whole number of units").min(0, "Stock must be 0 or more").max(MAX_STOCK),
  featured,
  requirements,
  deliveryMethod,
  // Empty (null or ""): the shop's promise; the domain checks the range.
  deliveryMinutes: z.union([z.null(), z.literal(""), z.number("The delivery time must be a number of minutes")]).transform((v) => (v === "" ? null : v)),
  // A gamepass product's Robux (empty for other methods); the domain checks the range.
  robuxAmount: z.union([z.null(), z.literal(""), z.number("The Robux amount must be a number")]).transform((v) => (v === "" ? null : v)),
};

export const ProductCreate = z.object({
  ...productFields,
  originalPrice: productFields.originalPrice.default(null),
  description: productFields.description.default(""),
  stock: productFields.stock.default(DEFAULT_STOCK),
  featured: productFields.featured.default(false),
  requirements: requirements.default([]),
  deliveryMethod: deliveryMethod.default("trade"),
  deliveryMinutes: productFields.deliveryMinutes.default(null),
  robuxAmount: productFields.robuxAmount.default(null),
});

export const ProductPatch = z.object(productFields).partial().refine(nonEmpty, NOTHING_TO_CHANGE);

export const ProductsReorder = z.object({ productIds: z.array(id).min(1, "productIds must list the products").max(5000) });

/** base64 of 5 MB plus a data-URL prefix and the file name: larger bodies are refused before reading. */
export const UPLOAD_BODY_LIMIT = Math.ceil((MAX_IMAGE_BYTES * 4) / 3) + 64 * 1024;

const DATA_URL_PREFIX = /^data:[\w.+/-]*;base64,/;

export const LogoUpload = z.object({
  // Plain base64 or a data URL (what FileReader.readAsDataURL gives), decoded to the bytes.
  base64Image: z
    .string()
    .min(1, "base64Image is required")
    .transform((value, ctx) => {
      const base64 = value.replace(DATA_URL_PREFIX, "").replace(/\s+/g, "");
      if (!/^[A-Za-z0-9+/]*={0,2}$/.test(base64) || base64.length % 4 === 1) {
        ctx.addIssue({ code: "custom", message: "must be base64-encoded image data" });
        return z.NEVER;
      }
      return new Uint8Array(Buffer.from(base64, "base64"));
    }),
  // The panel names uploads "<timestamp>.png" (admin-panel.md 9); the stored name and type come from the bytes.
  filename: z.string().min(1, "filename is required").max(255),
});
