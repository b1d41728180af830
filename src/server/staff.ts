import { createStaffInvitations } from "#adapters/auth/staff-invitations.ts";
import { createStaffUnitOfWork } from "#adapters/repositories/staff.repository.ts";
import type { AddStaffDeps, StaffDeps } from "#domain/accounts/manage-staff.ts";
import type { StaffRepositories } from "#domain/accounts/staff-repositories.port.ts";
import type { SessionUser } from "#domain/accounts/user.ts";
import type { App } from "./app.ts";
import { audited } from "./audit.ts";

async function endAllSessions(app: App, userId: string): Promise<void> {
  const context = await app.auth.$context;
  await context.internalAdapter.deleteUserSessions(userId);
}

/**
 * Staff management's dependencies for one owner's change of a staff member's role: the change and
 * its audit entry ("staff.role", the account's role before and after) in one transaction.
 */
export function staffDeps(app: App, owner: SessionUser, userId: string): StaffDeps {
  const unitOfWork = audited(app, owner, createStaffUnitOfWork(app.db, app.mail.outbox), "staff.role", userId, async (r: StaffRepositories, id) => {
    const account = await r.staff.findById(id);
    return account ? { email: account.email, role: account.staffRole } : null;
  });
  return { unitOfWork, endAllSessions: (id) => endAllSessions(app, id) };
}

/** Adding by address (addStaff): the use case records its own entry, "staff.role" or "staff.invite". */
export function addStaffDeps(app: App, owner: SessionUser): AddStaffDeps {
  return {
    unitOfWork: createStaffUnitOfWork(app.db, app.mail.outbox),
    endAllSessions: (id) => endAllSessions(app, id),
    invitations: createStaffInvitations(app.auth, app.config.publicUrl),
    actor: { id: owner.id, email: owner.email },
    clock: app.clock,
  };
}
