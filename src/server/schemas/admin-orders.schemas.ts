import * as z from "zod";
import { ORDER_STATUSES } from "#domain/orders/order.ts";
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
  /** Orders awaiting payment, refunded (in part or in full), or disputed/reversed. */
  payment: z.enum(["awaiting", "refunded", "disputed"]).optional(),
  /** The Risk queue: orders held for a payment check (issue 37). */
  risk: z.enum(["held"]).optional(),
  /** The orders reserved on a lost holder, waiting for staff to give them another. */
  needsHolder: z.enum(["1"]).optional(),
});

/** POST /api/admin/orders/{id}/refunds. */
export const RefundRequest = z.object({
  amount: z
    .string()
    .regex(/^\d{1,7}(\.\d{1,2})?$/, "must be a positive decimal amount such as 12.34")
    .optional(),
  destination: z.enum(["payment", "store_credit"]),
  reason: z.string().trim().min(1, "Please say why the order is refunded").max(500),
});

/** The Idempotency-Key header: what a client retries with. */
export const IdempotencyKey = z.string().trim().min(1).max(200);
