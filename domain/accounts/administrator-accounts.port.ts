/** Accounts as the "make sure this administrator exists" use case needs them. */
export interface AdministratorAccounts {
  /** The user with this email (case-insensitive), whether it is an administrator and its staff role, or null. */
  findUserByEmail(email: string): Promise<{ id: string; isAdmin: boolean; staffRole: string | null } | null>;
  /** Creates a user with an email-and-password login; returns its id. */
  createUser(email: string, password: string): Promise<string>;
  /** True when this is already the user's password (nothing to change, no session to end). */
  passwordMatches(userId: string, password: string): Promise<boolean>;
  /** Replaces the user's password (hashing is the adapter's business). */
  setPassword(userId: string, password: string): Promise<void>;
  /** Makes the user a staff member with the owner role (everything, staff included). */
  grantAdmin(userId: string): Promise<void>;
  /** Ends every session of the user, in every process (sessions live in the database). */
  endAllSessions(userId: string): Promise<void>;
}
