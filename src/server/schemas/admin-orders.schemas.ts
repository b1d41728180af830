import * as z from "zod";

/** GET /api/admin/orders?q=&offset=&limit= (all optional: without them, the first 1000 orders as before). */
export const AdminOrdersQuery = z.object({
  q: z.string().max(200).optional(),
  offset: z.coerce.number().int().min(0).max(10_000_000).default(0),
  limit: z.coerce.number().int().min(1).max(1000).default(1000),
});
