import type { Clock } from "../shared/clock.port.ts";
import { DomainError } from "../shared/domain-error.ts";
import type { IdGenerator } from "../shared/id-generator.port.ts";
import type { Cents } from "../shared/money.ts";
import type { UnitOfWork } from "../shared/unit-of-work.port.ts";
import { invalidCreditAmount, storeCreditChanged, storeCreditLimit, userNotFound } from "./rewards.errors.ts";
import type { RewardsRepositories } from "./rewards-repositories.port.ts";
import { ErrorCode } from "../shared/error-codes.ts";

/** The most store credit one account can hold ($100,000): a typo cannot create a fortune. */
export const MAX_STORE_CREDIT: Cents = 10_000_000;
const SET_ATTEMPTS = 3;

export type StoreCreditOperation = "add" | "set";

export interface AdjustStoreCreditDeps {
  unitOfWork: UnitOfWork<Pick<RewardsRepositories, "storeCredit">>;
  ids: IdGenerator;
  clock: Clock;
}

/**
 * An administrator's change to a user's store credit (admin-panel.md: "Add to existing credit" or
 * "Set total credit"), recorded in the ledger with the administrator as actor. "set" records the
 * difference to the current balance with a compare-and-set, retried when a concurrent change got
 * there first; setting the balance it already has records nothing.
 */
export async function adjustStoreCredit(
  input: { userId: string; amount: Cents; operation: StoreCreditOperation; adminId: string },
  deps: AdjustStoreCreditDeps,
): Promise<{ storeCredit: Cents }> {
  if (!Number.isSafeInteger(input.amount) || input.amount <= 0) throw invalidCreditAmount();
  if (input.amount > MAX_STORE_CREDIT) throw storeCreditLimit(MAX_STORE_CREDIT);
  for (let attempt = 1; ; attempt++) {
    try {
      return await deps.unitOfWork.run(async ({ storeCredit }) => {
        const before = await storeCredit.balanceOf(input.userId);
        if (before === null) throw userNotFound();
        const amount = input.operation === "add" ? input.amount : input.amount - before;
        if (amount === 0) return { storeCredit: before };
        const result = await storeCredit.append(
          {
            id: deps.ids.newId(),
            userId: input.userId,
            amount,
            reason: input.operation === "add" ? "admin_add" : "admin_set",
            reference: deps.ids.newId(),
            actorId: input.adminId,
            createdAt: deps.clock.now(),
          },
          input.operation === "add" ? { max: MAX_STORE_CREDIT } : { before },
        );
        if (result === "refused") throw input.operation === "add" ? storeCreditLimit(MAX_STORE_CREDIT) : storeCreditChanged();
        if (result === "duplicate") throw new Error("a fresh ledger reference was reported as a duplicate");
        return { storeCredit: before + amount };
      });
    } catch (error) {
      const raced = error instanceof DomainError && error.code === ErrorCode.storeCreditChanged;
      if (!raced || attempt >= SET_ATTEMPTS) throw error;
    }
  }
}
