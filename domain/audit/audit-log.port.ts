import type { AuditEntry } from "./audit-entry.ts";

/**
 * The append-only audit trail of administrator changes. An AuditLog handed out by a unit of work
 * records within that unit's transaction, so an entry is stored if and only if its change is.
 */
export interface AuditLog {
  record(entry: AuditEntry): Promise<void>;
}

/** What a unit of work that records administrator changes hands out besides its repositories. */
export interface Audited {
  audit: AuditLog;
}
