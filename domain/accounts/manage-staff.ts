import type { AuditActor } from "../audit/audit-entry.ts";
import type { Audited } from "../audit/audit-log.port.ts";
import type { MailOutbox } from "../mail/mail-outbox.port.ts";
import type { Clock } from "../shared/clock.port.ts";
import type { UnitOfWork } from "../shared/unit-of-work.port.ts";
import { accountNotFound, lastOwner, notStaff } from "./accounts.errors.ts";
import type { StaffAccount, StaffDirectory } from "./staff-directory.port.ts";
import type { StaffRole } from "./staff-roles.ts";

export interface StaffRepositories extends Audited {
  staff: StaffDirectory;
  /** Invitations go out with the change that makes them (stored if and only if it commits). */
  outbox: MailOutbox;
}

export interface StaffDeps {
  unitOfWork: UnitOfWork<StaffRepositories>;
  /** Ends every session of an account (sessions live in the database, so in every process). */
  endAllSessions(userId: string): Promise<void>;
}

/** How long an invitation's link works: long enough for someone who reads their mail weekly. */
export const INVITATION_LINK_SECONDS = 7 * 24 * 60 * 60;

/** What an invitation needs besides the staff directory: the sign-in system's accounts and links. */
export interface Invitations {
  /** Creates an account for an address that has none: no password, nothing to sign in with yet. */
  createAccount(email: string): Promise<string>;
  /** A single-use link that sets the account's password, valid INVITATION_LINK_SECONDS. */
  passwordLink(userId: string): Promise<string>;
}

export interface AddStaffDeps extends StaffDeps {
  invitations: Invitations;
  /** The owner making the change: the audit entry's actor, named in the invitation. */
  actor: AuditActor;
  clock: Clock;
}

/**
 * Adds someone to the staff by address (issue 20). An account that exists gets the role (its
 * sessions end, as for any role change). An address without an account is invited: an account is
 * made with the role and no password, and an email carries a link to set one. Adding an invited
 * address again (the invitation lost or expired) sends a new link, with the role asked now. The
 * change, its audit entry ("staff.invite" or "staff.role") and the email are one transaction.
 */
export async function addStaff(input: { email: string; role: StaffRole }, deps: AddStaffDeps): Promise<{ account: StaffAccount; invited: boolean }> {
  const email = input.email.trim().toLowerCase();
  const found = await deps.unitOfWork.run(({ staff }) => staff.findByEmail(email));
  // The account is made outside the transaction (the sign-in system writes it): should the
  // transaction fail, the account is left invited-but-roleless, and adding the address again
  // finds it pending and invites it.
  const userId = found?.id ?? (await deps.invitations.createAccount(email));
  const link = !found || found.invitationPending ? await deps.invitations.passwordLink(userId) : null;
  const { account, changed } = await deps.unitOfWork.run(async ({ staff, audit, outbox }) => {
    const before = await staff.findById(userId);
    if (!before) throw accountNotFound();
    const result = await changeRole(staff, before, input.role);
    if (link) await outbox.add({ template: "staff_invitation", to: before.email, data: { role: input.role, invitedBy: deps.actor.email, url: link } });
    if (link || result.changed) {
      await audit.record({
        actor: deps.actor,
        at: deps.clock.now(),
        kind: link ? "staff.invite" : "staff.role",
        entityId: userId,
        before: found ? { email: before.email, role: before.staffRole } : null,
        after: { email: before.email, role: input.role },
      });
    }
    return result;
  });
  if (changed && found) await deps.endAllSessions(userId);
  return { account, invited: link !== null };
}

/**
 * Another role for a staff member. The last owner keeps the owner role: the shop always has
 * someone who can manage staff. Sessions follow rights: every session the account had is ended
 * when its role changes, so a cookie kept from before never carries rights it was not signed in
 * with (someone who pre-registered an employee's address) or keeps rights it lost.
 */
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
