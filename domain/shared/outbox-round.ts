import type { Clock } from "./clock.port.ts";
import type { IdGenerator } from "./id-generator.port.ts";

/** What one round of an outbox worker did: sent, to be tried again later, given up. */
export interface DeliveryRound {
  sent: number;
  retried: number;
  failed: number;
}

/** How one item's delivery ended. */
export type DeliveryOutcome = keyof DeliveryRound;

/** An outbox as its workers take from it: up to `limit` due items nobody holds, held until `leaseUntil` under `claim`. */
export interface OutboxClaim<T> {
  claim(input: { now: Date; limit: number; leaseUntil: Date; claim: string }): Promise<T[]>;
}

/**
 * One round of an outbox worker (the mail's and the webhooks'): takes up to `limit` due items under
 * a new claim id, held for `leaseMs` (longer than one delivery can last), delivers them one after
 * another and counts how each ended. Several workers may run rounds at once: each item is taken by
 * one of them, and the claim id fences a slow worker's late record.
 */
export async function runOutboxRound<T>(
  limit: number,
  deps: { queue: OutboxClaim<T>; clock: Clock; ids: IdGenerator; leaseMs: number },
  deliver: (item: T) => Promise<DeliveryOutcome>,
): Promise<DeliveryRound> {
  const now = deps.clock.now();
  const claim = deps.ids.newId();
  const taken = await deps.queue.claim({ now, limit, leaseUntil: new Date(now.getTime() + deps.leaseMs), claim });
  const round: DeliveryRound = { sent: 0, retried: 0, failed: 0 };
  for (const item of taken) round[await deliver(item)]++;
  return round;
}
