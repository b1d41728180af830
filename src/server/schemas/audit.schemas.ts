import * as z from "zod";
import { AUDIT_KINDS } from "#domain/audit/audit-entry.ts";

/** GET /api/admin/audit?kind=&adminId=&page=&pageSize= */
export const AuditQuery = z.object({
  kind: z.enum(AUDIT_KINDS).optional(),
  adminId: z.string().min(1).max(200).optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(200).default(50),
});
