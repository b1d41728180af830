import * as z from "zod";

/** Tracking bodies are tiny; anything bigger is not a tracker. */
export const TRACKING_BODY_LIMIT = 8 * 1024;

// Text fields are cut to their cap rather than refused: a long title must not lose a page view.
export const PAGE_CAP = 512;
export const PAGE_TITLE_CAP = 300;
export const REFERRER_CAP = 2048;
const cut = (max: number) => (value: string) => value.slice(0, max);

/** POST /api/tracking/page-view (storefront.md: page, pageTitle, referrer which may be null). */
export const PageViewBody = z.object({
  page: z.string().trim().min(1, "page is required").startsWith("/", "page must be a path starting with /").transform(cut(PAGE_CAP)),
  pageTitle: z.string().default("").transform(cut(PAGE_TITLE_CAP)),
  referrer: z
    .string()
    .nullish()
    .transform((value) => (value ? value.slice(0, REFERRER_CAP) : null)),
});

/**
 * POST /api/tracking/cart-activity (productId, productName, quantity, price). The name and price
 * recorded are the catalogue's, so the client's are only checked for shape.
 */
export const CartActivityBody = z.object({
  productId: z.string().trim().min(1, "productId is required").max(100),
  productName: z.string().optional(),
  quantity: z.number().int("quantity must be a whole number").min(1).max(1000),
  price: z.union([z.number().min(0).max(10_000_000), z.string().regex(/^\d{1,8}(\.\d{1,2})?$/, "price must be a decimal like 12.99")]).optional(),
});
