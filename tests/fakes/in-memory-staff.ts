import type { Invitations } from "#domain/accounts/manage-staff.ts";
import type { StaffAccount, StaffDirectory } from "#domain/accounts/staff-directory.port.ts";
import type { StaffRepositories } from "#domain/accounts/staff-repositories.port.ts";
import type { StaffRole } from "#domain/accounts/staff-roles.ts";
import type { AuditEntry } from "#domain/audit/audit-entry.ts";
import type { Mail, MailToUser } from "#domain/mail/mail.ts";
import { inMemoryUnitOfWork } from "./in-memory-unit-of-work.ts";

/** Staff management's ports in memory: accounts, open invitations, the audit trail, the outbox, ended sessions. */
export function inMemoryStaff(accounts: Omit<StaffAccount, "invitedRole">[]) {
  const state = {
    accounts: accounts.map((a) => ({ ...a })),
    invitations: {} as Record<string, StaffRole>,
    audit: [] as AuditEntry[],
    mail: [] as (Mail | MailToUser)[],
    endedSessions: [] as string[],
    links: 0,
  };
  const view = (a: Omit<StaffAccount, "invitedRole"> | undefined): StaffAccount | null => (a ? { ...a, invitedRole: state.invitations[a.id] ?? null } : null);
  const staff: StaffDirectory = {
    // Addresses are stored in lower case, and looked up so (as better-auth's table is).
    findByEmail: async (email) => view(state.accounts.find((a) => a.email === email.toLowerCase())),
    findById: async (id) => view(state.accounts.find((a) => a.id === id)),
    countOwners: async () => state.accounts.filter((a) => a.staffRole === "owner").length,
    setRole: async (id, role) => {
      state.accounts.find((a) => a.id === id)!.staffRole = role;
    },
    invite: async (id, role) => {
      state.invitations[id] = role;
    },
    changeInvitedRole: async (id, role) => {
      if (state.invitations[id]) state.invitations[id] = role;
    },
    takeInvitation: async (id) => {
      const role = state.invitations[id] ?? null;
      delete state.invitations[id];
      return role;
    },
  };
  const repositories: StaffRepositories = {
    staff,
    audit: { record: async (entry) => void state.audit.push(entry) },
    outbox: { add: async (mail) => void state.mail.push(mail) },
  };
  const invitations: Invitations = {
    createAccount: async (email) => {
      const id = `new-${state.accounts.length + 1}`;
      state.accounts.push({ id, email, staffRole: null, invitationPending: true, emailVerified: false, twoFactorEnabled: false });
      return id;
    },
    passwordLink: async (userId) => `https://shop.test/reset-password?token=link-${++state.links}-${userId}&invitation=1`,
  };
  return {
    state,
    unitOfWork: inMemoryUnitOfWork(state, repositories),
    invitations,
    endAllSessions: async (userId: string) => void state.endedSessions.push(userId),
  };
}
