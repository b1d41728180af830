import type { UnitOfWork } from "../shared/unit-of-work.port.ts";
import { accountNotFound, lastOwner, notStaff } from "./accounts.errors.ts";
import type { StaffAccount, StaffDirectory } from "./staff-directory.port.ts";
import type { StaffRepositories } from "./staff-repositories.port.ts";
import type { StaffRole } from "./staff-roles.ts";

export interface StaffDeps {
  unitOfWork: UnitOfWork<StaffRepositories>;
  /** Ends every session of an account (sessions live in the database, so in every process). */
  endAllSessions(userId: string): Promise<void>;
}

/**
 * Gives an existing account a staff role (issue 20). The last owner keeps the owner role: the
 * shop always has someone who can manage staff. Sessions follow rights: every session the account
 * had is ended when its role changes, so a cookie kept from before never carries rights it was not
 * signed in with (someone who pre-registered an employee's address) or keeps rights it lost.
 */
export async function assignStaffRole(input: { email: string; role: StaffRole }, deps: StaffDeps): Promise<StaffAccount> {
  const email = input.email.trim().toLowerCase();
  const { account, changed } = await deps.unitOfWork.run(async ({ staff }) => {
    const found = await staff.findByEmail(email);
    if (!found) throw accountNotFound();
    return changeRole(staff, found, input.role);
  });
  if (changed) await deps.endAllSessions(account.id);
  return account;
}

export async function changeStaffRole(input: { userId: string; role: StaffRole }, deps: StaffDeps): Promise<StaffAccount> {
  const { account, changed } = await deps.unitOfWork.run(async ({ staff }) => {
    const found = await staff.findById(input.userId);
    if (!found?.staffRole) throw notStaff();
    return changeRole(staff, found, input.role);
  });
  if (changed) await deps.endAllSessions(account.id);
  return account;
}

/** Back to a plain shopper: the account keeps its orders and balances, and loses every session. */
export async function removeStaff(input: { userId: string }, deps: StaffDeps): Promise<void> {
  await deps.unitOfWork.run(async ({ staff }) => {
    const found = await staff.findById(input.userId);
    if (!found?.staffRole) throw notStaff();
    if (found.staffRole === "owner" && (await staff.countOwners()) <= 1) throw lastOwner();
    await staff.setRole(found.id, null);
  });
  await deps.endAllSessions(input.userId);
}

async function changeRole(staff: StaffDirectory, account: StaffAccount, role: StaffRole): Promise<{ account: StaffAccount; changed: boolean }> {
  if (account.staffRole === role) return { account, changed: false };
  if (account.staffRole === "owner" && (await staff.countOwners()) <= 1) throw lastOwner();
  await staff.setRole(account.id, role);
  return { account: { ...account, staffRole: role }, changed: true };
}
