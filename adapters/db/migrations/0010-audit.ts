import type { Kysely } from "kysely";
import { createTable, logPosition, text } from "../migration-kit.ts";

// The audit trail of administrator changes (issue 10). `id` orders entries (newest = highest).
export async function up(db: Kysely<any>): Promise<void> {
  await createTable(db, "audit_entries", {
    columns: {
      id: logPosition(),
      adminId: text(),
      adminEmail: text(),
      at: text(),
      kind: text(),
      entityId: text(),
      before: text(),
      after: text(),
    },
    indexes: { audit_entries_kind_id: ["kind", "id"], audit_entries_admin_id: ["adminId", "id"] },
  });
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("audit_entries").execute();
}
