import * as z from "zod";
import { ORDER_STATUSES } from "../../../domain/ordering/order.ts";
import { paging, searchText } from "./admin-lists.schemas.ts";

/**
 * GET /api/admin/orders?q=&status=&offset=&limit= (all optional: without them, the first 1000 orders
 * as before). q searches id, email and Roblox username; status is one of the order statuses.
 */
export const AdminOrdersQuery = z.object({
  q: searchText,
  status: z.enum(ORDER_STATUSES).optional(),
  offset: paging.offset,
  limit: z.coerce.number().int().min(1).max(1000).default(1000),
});
