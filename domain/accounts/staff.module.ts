import type { AuditActor } from "../audit/audit-entry.ts";
import { auditedUnitOfWork } from "../audit/audited-unit-of-work.ts";
import type { Clock } from "../shared/clock.port.ts";
import type { UnitOfWork } from "../shared/unit-of-work.port.ts";
import { acceptInvitation, addStaff, changeStaffRole, removeStaff, type Invitations } from "./manage-staff.ts";
import type { StaffRepositories } from "./staff-repositories.port.ts";
import type { StaffRole } from "./staff-roles.ts";

/** What staff management needs (issue 20), bound once by the composition root. */
export interface StaffModuleDeps {
  /** The staff directory, the audit trail and the outbox, in one transaction. */
  unitOfWork: UnitOfWork<StaffRepositories>;
  /** Ends every session of an account (sessions live in the database, so in every process). */
  endAllSessions(userId: string): Promise<void>;
  invitations: Invitations;
  clock: Clock;
}

/**
 * Staff management's use cases, ready to call with the owner making the change. A role change or
 * removal records "staff.role" (the account's address and role before and after) in its own
 * transaction; adding by address records "staff.role" or "staff.invite" itself (addStaff).
 */
export function createStaffModule(deps: StaffModuleDeps) {
  const { clock, endAllSessions } = deps;
  const actorOf = (actor: AuditActor): AuditActor => ({ id: actor.id, email: actor.email });
  const roleChange = (actor: AuditActor, userId: string) => ({
    unitOfWork: auditedUnitOfWork(
      deps.unitOfWork,
      {
        actor: actorOf(actor),
        kind: "staff.role",
        entityId: userId,
        read: async (r, id) => {
          const account = await r.staff.findById(id);
          return account ? { email: account.email, role: account.staffRole } : null;
        },
      },
      clock,
    ),
    endAllSessions,
  });
  return {
    addStaff: (input: { email: string; role: StaffRole; direct?: boolean }, actor: AuditActor) =>
      addStaff(input, { unitOfWork: deps.unitOfWork, endAllSessions, invitations: deps.invitations, actor: actorOf(actor), clock }),
    changeStaffRole: (input: { userId: string; role: StaffRole }, actor: AuditActor) => changeStaffRole(input, roleChange(actor, input.userId)),
    removeStaff: (input: { userId: string }, actor: AuditActor) => removeStaff(input, roleChange(actor, input.userId)),
    /** Called once an invitation's link set the account's password (issue 32): records "staff.accept" itself. */
    acceptInvitation: (userId: string) => acceptInvitation({ userId }, { unitOfWork: deps.unitOfWork, endAllSessions, clock }),
  };
}

export type StaffModule = ReturnType<typeof createStaffModule>;
