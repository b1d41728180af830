import { listAuditEntries } from "#read-models/admin/audit.queries.ts";
import { requireAdmin } from "#server/guards.ts";
import { json, readQuery, route } from "#server/http.ts";
import { AuditQuery } from "#server/schemas/audit.schemas.ts";

// The audit trail of administrator changes, newest first (issue 10).
export const GET = route(async (context) => {
  await requireAdmin(context, "audit");
  return json(await listAuditEntries(context.locals.app.db, readQuery(context.url, AuditQuery)));
});
