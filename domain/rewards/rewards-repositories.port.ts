import type { EventLog } from "../analytics/event-log.port.ts";
import type { BalanceHolds } from "./balance-holds.port.ts";
import type { BalanceLedger } from "./balance-ledger.port.ts";
import type { PointsReason, StoreCreditReason } from "./ledger.ts";
import type { ReferralCodeRepository } from "./referral-code-repository.port.ts";
import type { ReferralRepository } from "./referral-repository.port.ts";

/** What the rewards use cases get from a unit of work: all bound to one transaction. */
export interface RewardsRepositories {
  points: BalanceLedger<PointsReason>;
  storeCredit: BalanceLedger<StoreCreditReason>;
  referralCodes: ReferralCodeRepository;
  referrals: ReferralRepository;
  events: EventLog;
  /** Accounts whose balances are on hold: they cannot redeem points. */
  holds: BalanceHolds;
}

/** The ledgers an order's own transaction needs to credit points and spend or give back store credit. */
export type OrderRewardsLedgers = Pick<RewardsRepositories, "points" | "storeCredit" | "referrals" | "referralCodes">;
