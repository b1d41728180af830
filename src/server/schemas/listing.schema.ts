import * as z from "zod";
import { DEFAULT_LISTING, PRODUCT_SORTS, type ProductListingOptions } from "#domain/catalogue/product-listing.ts";
import { centsFromDecimal } from "#domain/shared/money.ts";

/** A price box on the page: blank or unreadable means "no bound", so a typo never empties the page. */
const priceBound = z
  .string()
  .optional()
  .transform((value) => (value ? centsFromDecimal(value) : null));

const ListingQuery = z.object({
  category: z.string().max(100).optional().catch(undefined),
  instock: z.literal("1").optional().catch(undefined),
  min: priceBound.catch(null),
  max: priceBound.catch(null),
  sort: z.enum(PRODUCT_SORTS).optional().catch(undefined),
});

/** Reads a game page's filter, sort and category from its URL, so a filtered view can be shared. */
export function parseListingQuery(params: URLSearchParams): ProductListingOptions {
  const q = ListingQuery.parse(Object.fromEntries(params));
  return {
    category: q.category ?? DEFAULT_LISTING.category,
    inStockOnly: q.instock === "1",
    minPrice: q.min,
    maxPrice: q.max,
    sort: q.sort ?? DEFAULT_LISTING.sort,
  };
}

const PageNumber = z.object({ page: z.coerce.number().int().min(1).max(1_000_000).optional().catch(undefined) });

/** The game page's `?page=` (1 when absent or unreadable: a mistyped link still shows the first page). */
export function parsePageNumber(params: URLSearchParams): number {
  return PageNumber.parse({ page: params.get("page") ?? undefined }).page ?? 1;
}
