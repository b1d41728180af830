import type { AuditKind } from "#domain/audit/audit-entry.ts";
import type { Audited } from "#domain/audit/audit-log.port.ts";
import { auditedUnitOfWork, type AuditedChange } from "#domain/audit/audited-unit-of-work.ts";
import type { SessionUser } from "#domain/accounts/user.ts";
import type { UnitOfWork } from "#domain/shared/unit-of-work.port.ts";
import type { App } from "./app.ts";

/**
 * The unit of work an admin route hands its use case so the change is recorded in the audit trail,
 * in the change's transaction, with the administrator from requireAdmin as the actor.
 */
export function audited<R extends Audited>(
  app: Pick<App, "clock">,
  admin: Pick<SessionUser, "id" | "email">,
  unitOfWork: UnitOfWork<R>,
  kind: AuditKind,
  entityId: AuditedChange<R>["entityId"],
  read: AuditedChange<R>["read"],
): UnitOfWork<R> {
  return auditedUnitOfWork(unitOfWork, { actor: { id: admin.id, email: admin.email }, kind, entityId, read }, app.clock);
}

/** The id of what a create answered (every created entity has one). */
export const createdId = (result: unknown): string => (result as { id: string }).id;

/** Each listed entity's position, for auditing a reorder (unknown ids: null). */
export async function displayOrders(
  ids: readonly string[],
  find: (id: string) => Promise<{ displayOrder: number } | null>,
): Promise<Record<string, number | null>> {
  const positions: Record<string, number | null> = {};
  for (const id of ids) positions[id] = (await find(id))?.displayOrder ?? null;
  return positions;
}
