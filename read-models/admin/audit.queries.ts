import type { Kysely } from "kysely";
import type { Database } from "#adapters/db/schema.ts";

/** One audit trail entry as GET /api/admin/audit answers it. */
export interface AuditEntryView {
  id: number;
  at: string;
  kind: string;
  entityId: string;
  admin: { id: string; email: string };
  before: unknown;
  after: unknown;
}

export interface AuditPage {
  entries: AuditEntryView[];
  total: number;
  page: number;
  pageSize: number;
  /** Every administrator who has an entry, for the Activity view's filter. */
  admins: { id: string; email: string }[];
}

/** The audit trail newest first, filtered by kind and/or administrator, one page at a time (page 1 first). */
export async function listAuditEntries(
  db: Kysely<Database>,
  filter: { kind?: string | undefined; adminId?: string | undefined; page: number; pageSize: number },
): Promise<AuditPage> {
  let query = db.selectFrom("audit_entries");
  if (filter.kind) query = query.where("kind", "=", filter.kind);
  if (filter.adminId) query = query.where("adminId", "=", filter.adminId);
  const [rows, count, admins] = await Promise.all([
    query
      .selectAll()
      .orderBy("id", "desc")
      .limit(filter.pageSize)
      .offset((filter.page - 1) * filter.pageSize)
      .execute(),
    query.select((eb) => eb.fn.countAll<number | string>().as("n")).executeTakeFirstOrThrow(),
    db.selectFrom("audit_entries").select(["adminId", "adminEmail"]).distinct().orderBy("adminEmail").execute(),
  ]);
  return {
    entries: rows.map((row) => ({
      id: Number(row.id),
      at: row.at,
      kind: row.kind,
      entityId: row.entityId,
      admin: { id: row.adminId, email: row.adminEmail },
      before: JSON.parse(row.before) as unknown,
      after: JSON.parse(row.after) as unknown,
    })),
    total: Number(count.n),
    page: filter.page,
    pageSize: filter.pageSize,
    admins: uniqueAdmins(admins),
  };
}

// An administrator whose email changed appears once, with the email of their first entry in the list.
function uniqueAdmins(rows: { adminId: string; adminEmail: string }[]): { id: string; email: string }[] {
  const seen = new Map<string, string>();
  for (const row of rows) if (!seen.has(row.adminId)) seen.set(row.adminId, row.adminEmail);
  return [...seen].map(([id, email]) => ({ id, email }));
}
