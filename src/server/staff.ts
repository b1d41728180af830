import { createStaffUnitOfWork } from "../../adapters/repositories/staff.repository.ts";
import type { StaffDeps } from "../../domain/accounts/manage-staff.ts";
import type { StaffRepositories } from "../../domain/accounts/staff-repositories.port.ts";
import type { SessionUser } from "../../domain/accounts/user.ts";
import type { App } from "./app.ts";
import { audited } from "./audit.ts";

/**
 * Staff management's dependencies for one owner's change: the change and its audit entry
 * ("staff.role", the account's role before and after) in one transaction.
 */
export function staffDeps(app: App, owner: SessionUser, userId: string): StaffDeps {
  const unitOfWork = audited(app, owner, createStaffUnitOfWork(app.db), "staff.role", userId, async (r: StaffRepositories, id) => {
    const account = await r.staff.findById(id);
    return account ? { email: account.email, role: account.staffRole } : null;
  });
  return {
    unitOfWork,
    endAllSessions: async (id) => {
      const context = await app.auth.$context;
      await context.internalAdapter.deleteUserSessions(id);
    },
  };
}
