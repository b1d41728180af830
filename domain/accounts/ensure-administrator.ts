import { DomainError } from "../shared/domain-error.ts";
import type { AdministratorAccounts } from "./administrator-accounts.port.ts";

export const MIN_ADMIN_PASSWORD_LENGTH = 8;

/**
 * Makes sure an administrator with this email exists and can log in with this password: creates
 * the account when missing, otherwise resets its password and grants admin. Idempotent, so it can
 * run at every start from ADMIN_EMAIL/ADMIN_PASSWORD and from the CLI.
 */
export async function ensureAdministrator(
  input: { email: string; password: string },
  accounts: AdministratorAccounts,
): Promise<{ userId: string; created: boolean }> {
  const email = input.email.trim().toLowerCase();
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) throw new DomainError("invalid", "bad_email", `"${input.email}" is not an email address`);
  if (input.password.length < MIN_ADMIN_PASSWORD_LENGTH) {
    throw new DomainError("invalid", "weak_password", `The administrator password must be at least ${MIN_ADMIN_PASSWORD_LENGTH} characters`);
  }
  const existing = await accounts.findUserIdByEmail(email);
  const userId = existing ?? (await accounts.createUser(email, input.password));
  if (existing) await accounts.setPassword(existing, input.password);
  await accounts.grantAdmin(userId);
  return { userId, created: existing === null };
}
