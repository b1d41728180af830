import type { ScreenshotStorage } from "../shared/screenshot-storage.port.ts";
import type { Clock } from "../shared/clock.port.ts";
import type { IdGenerator } from "../shared/id-generator.port.ts";
import type { RateLimiter } from "../shared/rate-limiter.port.ts";
import type { UnitOfWork } from "../shared/unit-of-work.port.ts";
import type { AccountDataReader } from "./account-data-reader.port.ts";
import type { PasswordCheck } from "./account-erasure.port.ts";
import { exportAccountData } from "./account-export.ts";
import type { ConsentRecords } from "./consent-records.port.ts";
import { deleteAccount, type AccountDeletionWork } from "./delete-account.ts";
import { recordAnalyticsConsent, recordTermsAcceptance } from "./record-consent.ts";
import type { BirthDates } from "./birth-dates.port.ts";
import { giveBirthDate } from "./give-birth-date.ts";

/** What a shopper's own-data use cases need, bound once by the composition root. */
export interface AccountDataModuleDeps {
  reader: AccountDataReader;
  /** The account's removal and the staff check, in one transaction. */
  deletion: UnitOfWork<AccountDeletionWork>;
  passwords: PasswordCheck;
  /** Review screenshots: an erased account's files go too. */
  screenshots: ScreenshotStorage;
  consents: ConsentRecords;
  birthDates: BirthDates;
  limiter: RateLimiter;
  ids: IdGenerator;
  clock: Clock;
}

/** A shopper's control over their own data: download it, delete the account, record consents. */
export function createAccountDataModule(deps: AccountDataModuleDeps) {
  const { clock, consents } = deps;
  return {
    exportAccountData: (userId: string) => exportAccountData({ reader: deps.reader, clock }, userId),
    deleteAccount: (userId: string, password: string) =>
      deleteAccount(
        { unitOfWork: deps.deletion, passwords: deps.passwords, ids: deps.ids, screenshots: deps.screenshots, limiter: deps.limiter },
        userId,
        password,
      ),
    recordTermsAcceptance: (userId: string, accepted: boolean | undefined) => recordTermsAcceptance({ consents, clock }, userId, accepted),
    giveBirthDate: (userId: string, birthDate: string) => giveBirthDate({ birthDates: deps.birthDates, clock }, userId, birthDate),
    recordAnalyticsConsent: (userId: string, granted: boolean) => recordAnalyticsConsent({ consents, clock }, userId, granted),
  };
}

export type AccountDataModule = ReturnType<typeof createAccountDataModule>;
