import type { ScreenshotStorage } from "../shared/screenshot-storage.port.ts";
import { DomainError } from "../shared/domain-error.ts";
import { ErrorCode } from "../shared/error-codes.ts";
import type { IdGenerator } from "../shared/id-generator.port.ts";
import { enforceLimits, type LimitCheck } from "../shared/rate-limit.ts";
import type { RateLimiter } from "../shared/rate-limiter.port.ts";
import type { UnitOfWork } from "../shared/unit-of-work.port.ts";
import { lastOwner } from "./accounts.errors.ts";
import type { AccountErasure, PasswordCheck } from "./account-erasure.port.ts";
import { accountGone } from "./account-export.ts";
import type { StaffDirectory } from "./staff-directory.port.ts";
import type { StaffRole } from "./staff-roles.ts";

export interface AccountDeletionWork {
  staff: StaffDirectory;
  erasure: AccountErasure;
}

export interface DeleteAccountDeps {
  unitOfWork: UnitOfWork<AccountDeletionWork>;
  passwords: PasswordCheck;
  ids: IdGenerator;
  screenshots: ScreenshotStorage;
  limiter: RateLimiter;
}

/**
 * Password confirmations per account: the check runs outside better-auth's sign-in (and its
 * limits), and a stolen session must not become a way to guess the password.
 */
export const DELETION_ATTEMPTS_PER_15_MINUTES = 5;

export function accountDeletionChecks(userId: string): LimitCheck[] {
  return [{ key: `account-deletion:account:${userId}`, limit: DELETION_ATTEMPTS_PER_15_MINUTES, windowMs: 15 * 60_000 }];
}

export const tooManyDeletionAttempts = (retryAfterSeconds: number) =>
  new DomainError("rate_limited", ErrorCode.tooManyDeletionAttempts, "Too many attempts. Please wait a few minutes and try again.", { retryAfterSeconds });

export const wrongPassword = () => new DomainError("forbidden", ErrorCode.wrongPassword, "That password is not right, so your account was not deleted.");
export const noPasswordToConfirm = () =>
  new DomainError(
    "forbidden",
    ErrorCode.noPassword,
    "Your account signs in with Google only: set a password first (Forgot password on the login page), then confirm the deletion with it.",
  );

/** Tombstones say what they are, so a reader of an order or an event knows the person was erased. */
export const TOMBSTONE_PREFIX = "deleted-";

/**
 * Whether an account may delete itself: anyone may, except the shop's last owner (the shop would
 * be left with nobody able to run it). Pure: the caller reads the role and the owner count.
 */
export function decideAccountDeletion(role: StaffRole | null, owners: number): "allowed" | "last_owner" {
  return role === "owner" && owners <= 1 ? "last_owner" : "allowed";
}

/**
 * Deletes the account after checking its password (issue 20), at most
 * DELETION_ATTEMPTS_PER_15_MINUTES tries per account (then rate_limited, 429). Throws wrong_password or
 * no_password (403), last_owner (409) and account_not_found (404) with nothing changed. The owner
 * count is read inside the erasure's transaction (the unit of work serialises these, see its
 * adapter), so two owners deleting themselves at once cannot leave the shop with none. Review
 * screenshots' files are removed after the commit: a failure there leaves a file nobody can reach,
 * never an account half deleted.
 */
export async function deleteAccount(deps: DeleteAccountDeps, userId: string, password: string): Promise<void> {
  await enforceLimits(deps.limiter, accountDeletionChecks(userId), tooManyDeletionAttempts);
  const verdict = await deps.passwords.check(userId, password);
  if (verdict === ErrorCode.noPassword) throw noPasswordToConfirm();
  if (verdict === "wrong") throw wrongPassword();
  const { submissionFiles } = await deps.unitOfWork.run(async ({ staff, erasure }) => {
    const account = await staff.findById(userId);
    if (!account) throw accountGone();
    const owners = account.staffRole === "owner" ? await staff.countOwners() : 0;
    if (decideAccountDeletion(account.staffRole, owners) === "last_owner") throw lastOwner();
    return erasure.erase({ userId, email: account.email, tombstoneId: `${TOMBSTONE_PREFIX}${deps.ids.newId()}` });
  });
  for (const file of submissionFiles) await deps.screenshots.remove(file);
}
