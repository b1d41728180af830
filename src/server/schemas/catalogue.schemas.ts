import * as z from "zod";

/** At most this many products in one answer of GET /api/products (about 50 KB of JSON). */
export const PRODUCTS_PAGE_LIMIT = 100;

/**
 * GET /api/products?gameId=|featured=true&limit=&offset= (issue 33): a page of at most 100 products,
 * the first when neither is given (every demo game fits in it, so the spec's form still answers
 * the whole game); X-Total-Count says how many the filter finds.
 */
export const ProductsQuery = z.object({
  gameId: z.string().min(1).max(100).optional(),
  featured: z.enum(["true", "false"]).optional(),
  limit: z.coerce.number().int().min(1).max(PRODUCTS_PAGE_LIMIT).default(PRODUCTS_PAGE_LIMIT),
  offset: z.coerce.number().int().min(0).max(10_000_000).default(0),
});

export const SearchQuery = z.object({
  q: z.string().max(100, "Search text is at most 100 characters").default(""),
});

export const CategoriesQuery = z.object({
  gameId: z.string().min(1, "gameId is required").max(100),
});

/** POST /api/products/{id}/stock-alerts: the address to email when the product is back (issue 36). */
export const StockAlertBody = z.object({ email: z.string().trim().min(1, "Please enter your email address").max(254) });

/** POST /api/stock-alerts/unsubscribe: the token of a back-in-stock email's unsubscribe link. */
export const StockAlertUnsubscribeBody = z.object({ token: z.string().min(20).max(100) });
