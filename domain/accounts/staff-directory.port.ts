import type { StaffRole } from "./staff-roles.ts";

/** An account as staff management sees it. */
export interface StaffAccount {
  id: string;
  email: string;
  /** null: a shopper. */
  staffRole: StaffRole | null;
  /** Made by an invitation and not signed in to yet: no password, no Google, nothing to sign in with. */
  invitationPending: boolean;
}

/** Accounts and their staff roles, inside one unit of work's transaction (issue 20). */
export interface StaffDirectory {
  findByEmail(email: string): Promise<StaffAccount | null>;
  findById(userId: string): Promise<StaffAccount | null>;
  countOwners(): Promise<number>;
  /** Sets the role (and the spec's isAdmin with it); null makes the account a plain shopper again. */
  setRole(userId: string, role: StaffRole | null): Promise<void>;
}
