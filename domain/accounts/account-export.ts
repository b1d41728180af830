import type { Clock } from "../shared/clock.port.ts";
import { DomainError } from "../shared/domain-error.ts";
import { ErrorCode } from "../shared/error-codes.ts";
import type { AccountData } from "./account-data.ts";
import type { AccountDataReader } from "./account-data-reader.port.ts";

/** Bumped when the export file's shape changes, so a reader of an old file knows what it holds. */
export const ACCOUNT_EXPORT_FORMAT = 1;

export type AccountExport = { format: number; exportedAt: string } & AccountData;

export const accountGone = () => new DomainError("not_found", ErrorCode.accountNotFound, "This account no longer exists");

/**
 * The signed-in shopper's data as one document. Throws account_not_found when the account was
 * deleted meanwhile (a session outliving its account).
 */
export async function exportAccountData(deps: { reader: AccountDataReader; clock: Clock }, userId: string): Promise<AccountExport> {
  const data = await deps.reader.read(userId);
  if (!data) throw accountGone();
  return { format: ACCOUNT_EXPORT_FORMAT, exportedAt: deps.clock.now().toISOString(), ...data };
}
