import type { Kysely } from "kysely";
import type { AuthTables } from "../../adapters/auth/auth-tables.ts";
import { createPasswordCheck } from "../../adapters/auth/password-check.ts";
import { createAccountDeletionUnitOfWork } from "../../adapters/repositories/account-erasure.repository.ts";
import { createConsentRecords } from "../../adapters/repositories/consent-records.repository.ts";
import type { DeleteAccountDeps } from "../../domain/accounts/delete-account.ts";
import type { ConsentDeps } from "../../domain/accounts/record-consent.ts";
import type { AccountDataReader } from "../../domain/accounts/account-data-reader.port.ts";
import type { Clock } from "../../domain/shared/clock.port.ts";
import { createAccountDataReader } from "../../read-models/accounts/account-export.query.ts";
import type { App } from "./app.ts";
import { screenshotStorage } from "./rewards.ts";

// The ports of the shopper's-own-data use cases (issue 20), bound to the app's adapters. No I/O
// here, so building them per request costs nothing.

export function accountExportDeps(app: App): { reader: AccountDataReader; clock: Clock } {
  return { reader: createAccountDataReader(app.db), clock: app.clock };
}

export function accountDeletionDeps(app: App): DeleteAccountDeps {
  return {
    unitOfWork: createAccountDeletionUnitOfWork(app.db),
    passwords: createPasswordCheck(app.auth, app.db as unknown as Kysely<AuthTables>),
    ids: app.ids,
    screenshots: screenshotStorage(app),
    limiter: app.rateLimiter,
  };
}

export function consentDeps(app: App): ConsentDeps {
  return { consents: createConsentRecords(app.db, app.ids), clock: app.clock };
}
