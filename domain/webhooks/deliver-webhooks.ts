import type { Clock } from "../shared/clock.port.ts";
import type { IdGenerator } from "../shared/id-generator.port.ts";
import { nextWebhookAttempt, PAUSE_AFTER_FAILURES } from "./webhook.ts";
import { runOutboxRound, type DeliveryOutcome, type DeliveryRound } from "../shared/outbox-round.ts";
import type { AttemptOutcome, ClaimedDelivery, WebhookQueue, WebhookSender } from "./webhook.port.ts";

export interface WebhookDeliveryDeps {
  queue: WebhookQueue;
  sender: WebhookSender;
  clock: Clock;
  ids: IdGenerator;
  /** Longer than one attempt can last (the sender's time-out), so no other worker takes it meanwhile. */
  leaseMs: number;
}

/** The mail worker's count: delivered, to be tried again, given up (the endpoint's attempts used up). */
export type WebhookRound = DeliveryRound;

/**
 * One round of the webhook worker: takes up to `limit` due deliveries of active endpoints and
 * posts each. A 2xx answer is delivered; anything else (an error status, a time-out, a refused
 * address) is tried again with a growing delay, and counts towards pausing the endpoint. Several
 * workers may run at once: each delivery is taken by one of them (WebhookQueue.claim).
 */
export async function deliverDueWebhooks(limit: number, deps: WebhookDeliveryDeps): Promise<WebhookRound> {
  return runOutboxRound(limit, deps, (delivery) => deliverOne(delivery, deps));
}

async function deliverOne(delivery: ClaimedDelivery, deps: WebhookDeliveryDeps): Promise<DeliveryOutcome> {
  let outcome: AttemptOutcome;
  try {
    outcome = await deps.sender.send(delivery);
  } catch (error) {
    outcome = { statusCode: null, responseMs: null, error: error instanceof Error ? error.message : String(error), retryAfterSeconds: null };
  }
  const ok = outcome.statusCode !== null && outcome.statusCode >= 200 && outcome.statusCode < 300;
  if (ok) {
    await deps.queue.markDelivered(delivery, deps.clock.now(), outcome);
    return "sent";
  }
  const next = nextWebhookAttempt(delivery.attempts, deps.clock.now(), outcome.retryAfterSeconds);
  await deps.queue.markFailed(delivery, outcome, next, PAUSE_AFTER_FAILURES);
  return next ? "retried" : "failed";
}
