import type { NewEvent } from "#domain/analytics/events.ts";
import type { Mail, MailToUser } from "#domain/mail/mail.ts";
import type { ReviewsRepositories } from "#domain/reviews/reviews-repositories.port.ts";
import type { ScreenshotStorage } from "#domain/shared/screenshot-storage.port.ts";
import type { Submission } from "#domain/reviews/submission.ts";
import type { BalanceLedger } from "#domain/rewards/balance-ledger.port.ts";
import type { AppendResult, BalanceGuard, LedgerEntry, PointsReason, StoreCreditReason } from "#domain/rewards/ledger.ts";
import type { Referral, ReferralCode } from "#domain/rewards/referral.ts";
import type { RewardsRepositories } from "#domain/rewards/rewards-repositories.port.ts";
import type { UnitOfWork } from "#domain/shared/unit-of-work.port.ts";
import { inMemoryUnitOfWork } from "./in-memory-unit-of-work.ts";

export type AllRewardsRepositories = RewardsRepositories & ReviewsRepositories;

export interface RewardsState {
  /** Balances as stored: null is an old account's missing balance. */
  users: Map<string, { points: number | null; storeCredit: number | null }>;
  points: LedgerEntry[];
  storeCredit: LedgerEntry[];
  referralCodes: ReferralCode[];
  referrals: (Referral & { successfulAt: Date | null; orderId: string | null })[];
  submissions: Submission[];
  events: NewEvent[];
  /** The emails put in the outbox (kept only when their unit of work completes). */
  mail: (Mail | MailToUser)[];
  /** Accounts whose balances are on hold (frozen since a chargeback). */
  onHold: string[];
}

/**
 * The rewards and reviews repositories in memory, with the rules the database enforces for the
 * real ones (unique (reason, reference), one pending submission per user, unique codes, guarded
 * balance updates) and all-or-nothing units of work. Checked against the Kysely adapters by
 * tests/contracts/rewards-repositories.contract.ts.
 */
export function createInMemoryRewards() {
  const state: RewardsState = {
    users: new Map(),
    points: [],
    storeCredit: [],
    referralCodes: [],
    referrals: [],
    submissions: [],
    events: [],
    mail: [],
    onHold: [],
  };

  function ledger<Reason extends string>(kind: "points" | "storeCredit"): BalanceLedger<Reason> {
    const balanceOf = (userId: string) => {
      const user = state.users.get(userId);
      return user ? (user[kind] ?? 0) : null;
    };
    return {
      async append(entry, guard: BalanceGuard = {}): Promise<AppendResult> {
        if (!Number.isSafeInteger(entry.amount) || entry.amount === 0) throw new Error("a ledger entry needs a non-zero whole amount");
        if (state[kind].some((e) => e.reason === entry.reason && e.reference === entry.reference)) return "duplicate";
        const before = balanceOf(entry.userId);
        if (before === null) return "refused";
        const after = before + entry.amount;
        if ((guard.min !== undefined && after < guard.min) || (guard.max !== undefined && after > guard.max)) return "refused";
        if (guard.before !== undefined && before !== guard.before) return "refused";
        state[kind].push({ ...entry });
        state.users.get(entry.userId)![kind] = after;
        return "recorded";
      },
      balanceOf: async (userId) => balanceOf(userId),
      entriesByReferencePrefix: async (reasons, prefix) =>
        (state[kind] as LedgerEntry<Reason>[])
          .filter((e) => reasons.includes(e.reason) && e.reference.startsWith(prefix))
          .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime()),
    };
  }

  const repositories: AllRewardsRepositories = {
    holds: { onHold: async (userId) => state.onHold.includes(userId) },
    points: ledger<PointsReason>("points"),
    storeCredit: ledger<StoreCreditReason>("storeCredit"),
    referralCodes: {
      findByUser: async (userId) => {
        const found = state.referralCodes.find((c) => c.userId === userId);
        return found ? { ...found } : null;
      },
      findOwner: async (code) => state.referralCodes.find((c) => c.code === code)?.userId ?? null,
      add: async (code) => {
        if (state.referralCodes.some((c) => c.userId === code.userId || c.code === code.code)) return false;
        state.referralCodes.push({ ...code });
        return true;
      },
      incrementSuccessful: async (userId) => {
        const found = state.referralCodes.find((c) => c.userId === userId);
        if (!found) throw new Error(`user ${userId} has no referral code`);
        return ++found.successfulReferrals;
      },
    },
    referrals: {
      add: async (referral) => {
        if (state.referrals.some((r) => r.referredUserId === referral.referredUserId)) return false;
        state.referrals.push({ ...referral, successfulAt: null, orderId: null });
        return true;
      },
      markSuccessful: async (referredUserId, orderId, at) => {
        const found = state.referrals.find((r) => r.referredUserId === referredUserId && r.successfulAt === null);
        if (!found) return null;
        found.successfulAt = at;
        found.orderId = orderId;
        return found.referrerUserId;
      },
    },
    submissions: {
      hasPending: async (userId) => state.submissions.some((s) => s.userId === userId && s.status === "pending"),
      add: async (submission) => {
        if (submission.status === "pending" && state.submissions.some((s) => s.userId === submission.userId && s.status === "pending")) return false;
        state.submissions.push({ ...submission });
        return true;
      },
      decide: async (id, decision) => {
        const found = state.submissions.find((s) => s.id === id && s.status === "pending");
        if (!found) return null;
        Object.assign(found, decision);
        return { ...found };
      },
      findById: async (id) => {
        const found = state.submissions.find((s) => s.id === id);
        return found ? { ...found } : null;
      },
    },
    events: { append: async (event) => void state.events.push(event) },
    mail: { add: async (mail) => void state.mail.push(structuredClone(mail)) },
  };

  // One unit of work at a time, like SQLite's single writer; a failed one leaves nothing behind.
  const unitOfWork: UnitOfWork<AllRewardsRepositories> = inMemoryUnitOfWork(state, repositories);

  return {
    state,
    unitOfWork,
    repositories,
    addUser(id: string, balances: { points?: number | null; storeCredit?: number | null } = {}) {
      state.users.set(id, {
        points: balances.points === undefined ? 0 : balances.points,
        storeCredit: balances.storeCredit === undefined ? 0 : balances.storeCredit,
      });
    },
    /** Sum of each user's ledger entries next to the balance on the account (NULL counting as 0). */
    ledgerTotals() {
      return [...state.users].map(([id, u]) => ({
        id,
        points: u.points ?? 0,
        pointsLedger: state.points.filter((e) => e.userId === id).reduce((s, e) => s + e.amount, 0),
        storeCredit: u.storeCredit ?? 0,
        storeCreditLedger: state.storeCredit.filter((e) => e.userId === id).reduce((s, e) => s + e.amount, 0),
      }));
    },
  };
}

/** Screenshot files in memory. */
export function createInMemoryStorage(): ScreenshotStorage & { files: Map<string, Uint8Array> } {
  const files = new Map<string, Uint8Array>();
  return {
    files,
    save: async (name, bytes) => void files.set(name, bytes),
    remove: async (name) => void files.delete(name),
    read: async (name) => (files.get(name) as Uint8Array<ArrayBuffer> | undefined) ?? null,
  };
}

export function fixedClock(iso = "2026-11-21T10:00:00.000Z") {
  let now = new Date(iso);
  return { now: () => new Date(now), advance: (ms: number) => void (now = new Date(now.getTime() + ms)) };
}
