import type { Kysely } from "kysely";
import { createAuditLog } from "./audit-log.repository.ts";
import type { Audited } from "#domain/audit/audit-log.port.ts";
import type { ReviewsRepositories } from "#domain/reviews/reviews-repositories.port.ts";
import type { OrderRewardsLedgers, RewardsRepositories } from "#domain/rewards/rewards-repositories.port.ts";
import type { UnitOfWork } from "#domain/shared/unit-of-work.port.ts";
import type { MailOutbox } from "#domain/mail/mail-outbox.port.ts";
import type { Database } from "../db/schema.ts";
import { createPointsLedgerRepository, createStoreCreditLedgerRepository } from "./balance-ledger.repository.ts";
import { createEventLog, type EventListener } from "./event-log.repository.ts";
import { createReferralCodeRepository } from "./referral-code.repository.ts";
import { createReferralRepository } from "./referral.repository.ts";
import { createSubmissionRepository } from "./submission.repository.ts";
import { createBalanceHolds } from "./chargeback.repository.ts";
import { createUnitOfWork } from "../db/unit-of-work.ts";
import type { Tx } from "../db/database.ts";

export type RewardsAndReviewsRepositories = RewardsRepositories & ReviewsRepositories & Audited;

/**
 * The rewards and reviews repositories bound to one connection or transaction.
 */
export function createRewardsRepositories(trx: Tx, listeners: readonly EventListener[]): Omit<RewardsAndReviewsRepositories, "mail"> {
  return {
    ...createOrderRewardsLedgers(trx),
    submissions: createSubmissionRepository(trx),
    events: createEventLog(trx, listeners),
    audit: createAuditLog(trx),
    holds: createBalanceHolds(trx),
  };
}

/** The ledgers an order's transaction changes points and store credit with (bound to that transaction). */
export function createOrderRewardsLedgers(trx: Tx): OrderRewardsLedgers {
  return {
    points: createPointsLedgerRepository(trx),
    storeCredit: createStoreCreditLedgerRepository(trx),
    referralCodes: createReferralCodeRepository(trx),
    referrals: createReferralRepository(trx),
  };
}

export function createRewardsUnitOfWork(
  db: Kysely<Database>,
  listeners: readonly EventListener[],
  outbox: (trx: Tx) => MailOutbox,
): UnitOfWork<RewardsAndReviewsRepositories> {
  return createUnitOfWork(db, (trx) => ({ ...createRewardsRepositories(trx, listeners), mail: outbox(trx) }));
}
