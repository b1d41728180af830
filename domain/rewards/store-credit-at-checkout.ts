import type { Clock } from "../shared/clock.port.ts";
import type { IdGenerator } from "../shared/id-generator.port.ts";
import type { Cents } from "../shared/money.ts";
import type { BalanceLedger } from "./balance-ledger.port.ts";
import type { StoreCreditReason } from "./ledger.ts";
import { notEnoughStoreCredit } from "./rewards.errors.ts";

/**
 * Takes the credit a prepared checkout recorded from the shopper's balance when its order is placed,
 * inside the order's transaction (the ledger comes from that unit of work). Idempotent per order: a
 * replayed capture finds the entry and takes nothing more. If the balance no longer covers it (spent
 * in another tab meanwhile), a conflict: the caller's transaction, and so the order, is rolled back.
 */
export async function spendStoreCreditOnOrder(
  ledger: BalanceLedger<StoreCreditReason>,
  input: { userId: string; orderId: string; creditApplied: Cents },
  deps: { ids: IdGenerator; clock: Clock },
): Promise<void> {
  if (input.creditApplied <= 0) return;
  const result = await ledger.append(
    {
      id: deps.ids.newId(),
      userId: input.userId,
      amount: -input.creditApplied,
      reason: "order_payment",
      reference: input.orderId,
      actorId: input.userId,
      createdAt: deps.clock.now(),
    },
    { min: 0 },
  );
  if (result === "refused") throw notEnoughStoreCredit();
}

/**
 * A refund to store credit: the amount goes to the shopper's balance, once per refund id (the
 * ledger's unique reason and reference). A balance above the store's cap still receives it: what
 * the shopper paid is theirs.
 */
export async function giveBackStoreCredit(
  ledger: BalanceLedger<StoreCreditReason>,
  input: { userId: string; refundId: string; amount: Cents; actorId: string | null },
  deps: { ids: IdGenerator; clock: Clock },
): Promise<void> {
  if (input.amount <= 0) return;
  await ledger.append({
    id: deps.ids.newId(),
    userId: input.userId,
    amount: input.amount,
    reason: "order_refund",
    reference: input.refundId,
    actorId: input.actorId,
    createdAt: deps.clock.now(),
  });
}
