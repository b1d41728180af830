import type { AuditActor } from "../audit/audit-entry.ts";
import type { Clock } from "../shared/clock.port.ts";
import type { UnitOfWork } from "../shared/unit-of-work.port.ts";
import { accountNotFound, directPromotionRefused, lastOwner, notStaff } from "./accounts.errors.ts";
import type { StaffAccount, StaffDirectory } from "./staff-directory.port.ts";
import type { StaffRepositories } from "./staff-repositories.port.ts";
import type { StaffRole } from "./staff-roles.ts";

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
  /** A single-use link that sets the account's password and accepts the invitation, valid INVITATION_LINK_SECONDS. */
  passwordLink(userId: string): Promise<string>;
}

export interface AddStaffDeps extends StaffDeps {
  invitations: Invitations;
  /** The owner making the change: the audit entry's actor, named in the invitation. */
  actor: AuditActor;
  clock: Clock;
}

/**
 * Adds someone to the staff by address (issues 20 and 32). A role is given to a mailbox, not to a
 * password: whoever registered an address first may not own it, so the address is always sent an
 * invitation, and the role takes effect only when its link is followed (acceptInvitation), which
 * sets the password anew and ends every earlier session. An address without an account gets one,
 * with no way to sign in until then. Adding an invited address again sends a new link with the
 * role asked now. `direct` (the owner confirms) gives the role at once, but only to an account
 * whose address is verified and which has two-factor sign-in on; otherwise it is refused (409).
 * A staff member already signed up just changes role. The change, its audit entry ("staff.invite"
 * or "staff.role") and the email are one transaction.
 */
export async function addStaff(
  input: { email: string; role: StaffRole; direct?: boolean },
  deps: AddStaffDeps,
): Promise<{ account: StaffAccount; invited: boolean }> {
  const email = input.email.trim().toLowerCase();
  const found = await deps.unitOfWork.run(({ staff }) => staff.findByEmail(email));
  if (found && (found.staffRole !== null || input.direct)) {
    if (found.staffRole === null && !(found.emailVerified && found.twoFactorEnabled && !found.invitationPending)) throw directPromotionRefused();
    const { account, changed } = await deps.unitOfWork.run(async ({ staff, audit }) => {
      const before = await staff.findById(found.id);
      if (!before) throw accountNotFound();
      const result = await changeRole(staff, before, input.role);
      if (before.invitedRole) await staff.takeInvitation(before.id);
      if (result.changed) {
        await audit.record({
          actor: deps.actor,
          at: deps.clock.now(),
          kind: "staff.role",
          entityId: before.id,
          before: { email: before.email, role: before.staffRole },
          after: { email: before.email, role: input.role },
        });
      }
      return result;
    });
    if (changed) await deps.endAllSessions(account.id);
    return { account, invited: false };
  }
  // The account is made outside the transaction (the sign-in system writes it): should the
  // transaction fail, the account is left without role or offer, and adding the address again
  // finds it and invites it.
  const userId = found?.id ?? (await deps.invitations.createAccount(email));
  const link = await deps.invitations.passwordLink(userId);
  const account = await deps.unitOfWork.run(async ({ staff, audit, outbox }) => {
    const before = await staff.findById(userId);
    if (!before) throw accountNotFound();
    const at = deps.clock.now();
    await staff.invite(userId, input.role, deps.actor.email, at);
    await outbox.add({ template: "staff_invitation", to: before.email, data: { role: input.role, invitedBy: deps.actor.email, url: link } });
    await audit.record({
      actor: deps.actor,
      at,
      kind: "staff.invite",
      entityId: userId,
      before: found ? { email: before.email, role: before.staffRole } : null,
      after: { email: before.email, role: input.role },
    });
    return { ...before, invitedRole: input.role };
  });
  return { account, invited: true };
}

/**
 * The invitation's link was followed from the invited mailbox and a password set through it
 * (issue 32): the offered role takes effect now, and every session the account had ends (a
 * session someone opened with the old password carries no role). Answers the role taken, or null
 * when there was no offer (withdrawn, or taken already by a concurrent call).
 */
export async function acceptInvitation(input: { userId: string }, deps: StaffDeps & { clock: Clock }): Promise<StaffRole | null> {
  const taken = await deps.unitOfWork.run(async ({ staff, audit }) => {
    const before = await staff.findById(input.userId);
    if (!before) return null;
    const role = await staff.takeInvitation(before.id);
    if (!role) return null;
    if (before.staffRole !== role) {
      if (before.staffRole === "owner" && (await staff.countOwners()) <= 1) return null;
      await staff.setRole(before.id, role);
    }
    await audit.record({
      actor: { id: before.id, email: before.email },
      at: deps.clock.now(),
      kind: "staff.accept",
      entityId: before.id,
      before: { email: before.email, role: before.staffRole },
      after: { email: before.email, role },
    });
    return role;
  });
  if (taken) await deps.endAllSessions(input.userId);
  return taken;
}

/**
 * Another role for a staff member. The last owner keeps the owner role: the shop always has
 * someone who can manage staff. Sessions follow rights: every session the account had is ended
 * when its role changes, so a cookie kept from before never carries rights it was not signed in
 * with (someone who pre-registered an employee's address) or keeps rights it lost. For someone
 * invited and not yet joined, the offer changes (no new email: the link sent already takes it).
 */
export async function changeStaffRole(input: { userId: string; role: StaffRole }, deps: StaffDeps): Promise<StaffAccount> {
  const { account, changed } = await deps.unitOfWork.run(async ({ staff }) => {
    const found = await staff.findById(input.userId);
    if (found && !found.staffRole && found.invitedRole) {
      await staff.changeInvitedRole(found.id, input.role);
      return { account: { ...found, invitedRole: input.role }, changed: false };
    }
    if (!found?.staffRole) throw notStaff();
    return changeRole(staff, found, input.role);
  });
  if (changed) await deps.endAllSessions(account.id);
  return account;
}

/** Back to a plain shopper: the account keeps its orders and balances, and loses every session. An invitation not yet followed is withdrawn. */
export async function removeStaff(input: { userId: string }, deps: StaffDeps): Promise<void> {
  const hadRole = await deps.unitOfWork.run(async ({ staff }) => {
    const found = await staff.findById(input.userId);
    const withdrawn = found?.invitedRole ? await staff.takeInvitation(found.id) : null;
    if (!found?.staffRole) {
      if (withdrawn) return false;
      throw notStaff();
    }
    if (found.staffRole === "owner" && (await staff.countOwners()) <= 1) throw lastOwner();
    await staff.setRole(found.id, null);
    return true;
  });
  if (hadRole) await deps.endAllSessions(input.userId);
}

async function changeRole(staff: StaffDirectory, account: StaffAccount, role: StaffRole): Promise<{ account: StaffAccount; changed: boolean }> {
  if (account.staffRole === role) return { account, changed: false };
  if (account.staffRole === "owner" && (await staff.countOwners()) <= 1) throw lastOwner();
  await staff.setRole(account.id, role);
  return { account: { ...account, staffRole: role }, changed: true };
}
