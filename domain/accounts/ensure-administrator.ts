import { DomainError } from "../shared/domain-error.ts";
import type { AdministratorAccounts } from "./administrator-accounts.port.ts";
import { assertAcceptablePassword, type CommonPasswordCheck } from "./password-policy.ts";
import { ErrorCode } from "../shared/error-codes.ts";

export const MIN_ADMIN_PASSWORD_LENGTH = 8;

/**
 * Makes sure an administrator with this email exists and can log in with this password: creates
 * the account when missing, otherwise resets its password and makes it an owner (issue 20). Idempotent, so it can
 * run at every start from ADMIN_EMAIL/ADMIN_PASSWORD and from the CLI.
 * Sessions follow credentials and rights: when an existing account's password is set again, or a
 * shopper's account becomes an administrator (`promoted`), every session it had is ended, so a
 * cookie kept from before (someone who pre-registered the address, or knew the old password)
 * never carries administrator rights.
 */
export async function ensureAdministrator(
  input: { email: string; password: string },
  accounts: AdministratorAccounts,
  isCommonPassword: CommonPasswordCheck,
): Promise<{ userId: string; created: boolean; promoted: boolean; sessionsEnded: boolean }> {
  const email = input.email.trim().toLowerCase();
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) throw new DomainError("invalid", ErrorCode.badEmail, `"${input.email}" is not an email address`);
  if (input.password.length < MIN_ADMIN_PASSWORD_LENGTH) {
    throw new DomainError("invalid", ErrorCode.weakPassword, `The administrator password must be at least ${MIN_ADMIN_PASSWORD_LENGTH} characters`);
  }
  assertAcceptablePassword(input.password, isCommonPassword);
  const existing = await accounts.findUserByEmail(email);
  if (!existing) {
    const userId = await accounts.createUser(email, input.password);
    await accounts.grantAdmin(userId);
    return { userId, created: true, promoted: false, sessionsEnded: false };
  }
  const passwordChanged = !(await accounts.passwordMatches(existing.id, input.password));
  if (passwordChanged) await accounts.setPassword(existing.id, input.password);
  // ADMIN_EMAIL and `cli admin create` make owners (issue 20), also of a manager or support agent.
  const isOwner = existing.isAdmin && (existing.staffRole ?? "owner") === "owner";
  if (!isOwner) await accounts.grantAdmin(existing.id);
  const sessionsEnded = passwordChanged || !existing.isAdmin;
  if (sessionsEnded) await accounts.endAllSessions(existing.id);
  return { userId: existing.id, created: false, promoted: !existing.isAdmin, sessionsEnded };
}
