import type { StaffRole } from "./staff-roles.ts";

/** An account as staff management sees it. */
export interface StaffAccount {
  id: string;
  email: string;
  /** null: not staff (a shopper, or someone invited who has not followed the link yet). */
  staffRole: StaffRole | null;
  /** A role offered by an invitation whose link has not been followed yet (issue 32), or null. */
  invitedRole: StaffRole | null;
  /** Made by an invitation and not signed in to yet: no password, no Google, nothing to sign in with. */
  invitationPending: boolean;
  /** The address was proven (a link sent there was followed, or Google vouched for it). */
  emailVerified: boolean;
  twoFactorEnabled: boolean;
}

/** Accounts and their staff roles, inside one unit of work's transaction (issue 20). */
export interface StaffDirectory {
  findByEmail(email: string): Promise<StaffAccount | null>;
  findById(userId: string): Promise<StaffAccount | null>;
  countOwners(): Promise<number>;
  /** Sets the role (and the spec's isAdmin with it); null makes the account a plain shopper again. */
  setRole(userId: string, role: StaffRole | null): Promise<void>;
  /** Offers `role` to the account (replacing an earlier offer); nothing changes until it is accepted. */
  invite(userId: string, role: StaffRole, invitedBy: string, at: Date): Promise<void>;
  /** Changes the role an open offer is for (no new link); nothing when there is no offer. */
  changeInvitedRole(userId: string, role: StaffRole): Promise<void>;
  /** Takes back the offer and answers its role; null when there was none (taken already, or withdrawn). Concurrent calls: one gets the role. */
  takeInvitation(userId: string): Promise<StaffRole | null>;
}
