import * as z from "zod";
import { money } from "./catalogue-admin.schemas.ts";

/**
 * Query strings of the admin panel's lists (issue 23). Every parameter is optional: without any, a
 * list answers as the spec's call table says (the whole list, as an array). With `limit` it answers a
 * page from `offset`; the header X-Total-Count always says how many rows the filter finds.
 */
export const paging = {
  offset: z.coerce.number().int().min(0).max(10_000_000).default(0),
  limit: z.coerce.number().int().min(1).max(1000).optional(),
};

/** Free text to search for; blank is no search. */
export const searchText = z
  .string()
  .trim()
  .max(200)
  .optional()
  .transform((v) => (v === "" ? undefined : v));

/** GET /api/admin/products?gameId=&q=&stock=in|low|out&offset=&limit= */
export const AdminProductsQuery = z.object({
  gameId: z.string().min(1).max(100).optional(),
  q: searchText,
  stock: z.enum(["in", "low", "out"]).optional(),
  ...paging,
});

/** GET /api/admin/submissions?status=pending|approved|rejected&offset=&limit= */
export const AdminSubmissionsQuery = z.object({
  status: z.enum(["pending", "approved", "rejected"]).optional(),
  ...paging,
});

/** GET /api/admin/support/conversations?status=open|closed&q=&offset=&limit= */
export const AdminConversationsQuery = z.object({
  status: z.enum(["open", "closed"]).optional(),
  q: searchText,
  ...paging,
});

/** GET /api/admin/users?q=&offset=&limit= (q searches email and Roblox username). */
export const AdminUsersQuery = z.object({
  q: searchText,
  ...paging,
});

/** GET /api/admin/stock-alerts?status=waiting|notified|unsubscribed&offset=&limit= (a page of at most 100). */
export const AdminStockAlertsQuery = z.object({
  status: z.enum(["waiting", "notified", "unsubscribed"]).optional(),
  offset: paging.offset,
  limit: z.coerce.number().int().min(1).max(100).default(50),
});

/** GET /api/admin/item-requests?offset=&limit= (a page of at most 100; 50 without limit). */
export const AdminItemRequestsQuery = z.object({
  offset: paging.offset,
  limit: z.coerce.number().int().min(1).max(100).default(50),
});

/** PATCH /api/admin/item-requests/{id}: the product that answers the request (issue 36). */
export const ItemRequestLink = z.object({ productId: z.string().min(1).max(100) });

/** POST /api/admin/item-requests/{id}/product: the product made for the request (its game is the request's, its stock 0). */
export const ItemRequestNewProduct = z.object({
  name: z.string().trim().max(200).default(""),
  category: z.string().trim().min(1, "category is required").max(100),
  price: money,
  description: z.string().trim().max(5000).default(""),
});
