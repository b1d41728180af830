import type { Clock } from "../shared/clock.port.ts";
import type { UnitOfWork } from "../shared/unit-of-work.port.ts";
import type { AuditActor, AuditKind } from "./audit-entry.ts";
import { changedSomething } from "./audit-entry.ts";
import type { Audited } from "./audit-log.port.ts";

/** How to audit one administrator change made through a unit of work. */
export interface AuditedChange<R> {
  /** Who made it; the entry keeps their id and email only, whatever else the caller's object holds (a session, permissions). */
  actor: AuditActor;
  kind: AuditKind;
  /** The changed entity's id; a function of the use case's answer when the id is made by the change (create). */
  entityId: string | ((result: unknown) => string);
  /** Reads the entity (null when absent) with the transaction's repositories, before and after the change. */
  read: (repositories: R, entityId: string) => Promise<unknown>;
}

/**
 * Wraps a unit of work so that the work it runs is recorded in the audit trail IN THE SAME
 * TRANSACTION: the entity is read before and after the work, and when it changed an entry with both
 * values is recorded. If the work throws, nothing (neither change nor entry) is kept. A change that
 * changes nothing records nothing. The use cases are unchanged: the route hands them this wrapper.
 */
export function auditedUnitOfWork<R extends Audited>(inner: UnitOfWork<R>, change: AuditedChange<R>, clock: Clock): UnitOfWork<R> {
  return {
    run: (work) =>
      inner.run(async (repositories) => {
        const knownId = typeof change.entityId === "string" ? change.entityId : null;
        const before = knownId === null ? null : await change.read(repositories, knownId);
        const result = await work(repositories);
        const entityId = knownId ?? (change.entityId as (result: unknown) => string)(result);
        const after = await change.read(repositories, entityId);
        if (changedSomething(before, after)) {
          const actor = { id: change.actor.id, email: change.actor.email };
          await repositories.audit.record({ actor, at: clock.now(), kind: change.kind, entityId, before: before ?? null, after: after ?? null });
        }
        return result;
      }),
  };
}

/**
 * An AuditedChange's read that keeps only `fields` of what `find` finds, in that order (absent
 * stays absent): what the audit trail shows of a moderation or a decision.
 */
export function auditedFields<R, T, K extends keyof T>(find: (repositories: R, id: string) => Promise<T | null | undefined>, fields: readonly K[]) {
  return async (repositories: R, id: string): Promise<Pick<T, K> | null | undefined> => {
    const found = await find(repositories, id);
    return found && (Object.fromEntries(fields.map((field) => [field, found[field]])) as Pick<T, K>);
  };
}
