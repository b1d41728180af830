/** Accounts as the "make sure this administrator exists" use case needs them. */
export interface AdministratorAccounts {
  /** The user id for this email (case-insensitive), or null. */
  findUserIdByEmail(email: string): Promise<string | null>;
  /** Creates a user with an email-and-password login; returns its id. */
  createUser(email: string, password: string): Promise<string>;
  /** Replaces the user's password (hashing is the adapter's business). */
  setPassword(userId: string, password: string): Promise<void>;
  grantAdmin(userId: string): Promise<void>;
}
