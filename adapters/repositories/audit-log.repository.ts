import type { Kysely } from "kysely";
import type { AuditEntry } from "#domain/audit/audit-entry.ts";
import type { AuditLog } from "#domain/audit/audit-log.port.ts";
import type { Database } from "../db/schema.ts";

/** Records into `audit_entries` with whatever connection or transaction it is given. */
export function createAuditLog(db: Kysely<Database>): AuditLog {
  return {
    async record(entry: AuditEntry) {
      await db
        .insertInto("audit_entries")
        .values({
          adminId: entry.actor.id,
          adminEmail: entry.actor.email,
          at: entry.at.toISOString(),
          kind: entry.kind,
          entityId: entry.entityId,
          before: JSON.stringify(entry.before ?? null),
          after: JSON.stringify(entry.after ?? null),
        })
        .execute();
    },
  };
}
