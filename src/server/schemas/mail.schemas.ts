import * as z from "zod";

/** GET /api/admin/mail?status=&to=&page=&pageSize= */
export const MailQuery = z.object({
  status: z.enum(["pending", "sent", "failed"]).optional(),
  to: z.string().trim().toLowerCase().max(254).optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(200).default(25),
});
