import type { Clock } from "../shared/clock.port.ts";
import type { IdGenerator } from "../shared/id-generator.port.ts";
import { runOutboxRound, type DeliveryOutcome, type DeliveryRound } from "../shared/outbox-round.ts";
import { afterFailure } from "./mail.ts";
import { keptAfterSending } from "./secret-links.ts";
import { MailDeliveryError, type ClaimedMail, type MailQueue, type MailRenderer, type MailTransport } from "./mail-delivery.port.ts";

export interface DeliveryDeps {
  queue: MailQueue;
  renderer: MailRenderer;
  transport: MailTransport;
  clock: Clock;
  ids: IdGenerator;
  /** How long a worker holds a message it took: longer than one send can last (the transport's timeouts). */
  leaseMs: number;
  /** Runs one message's delivery in the context of the request that queued it (its log lines then carry that id). */
  inRequest?: <T>(requestId: string | null, deliver: () => Promise<T>) => Promise<T>;
}

export type { DeliveryRound };

/**
 * One round of the outbox worker: takes up to `limit` due messages, sends each, and records the
 * outcome. A failed send is retried later with a growing delay (retryDelayMs) until it succeeds or
 * the attempts are used up; a permanent refusal is given up at once. Several workers may run rounds
 * at the same time: each message is taken by one of them. A message whose lease ran out while being
 * sent (the worker was too slow) is not recorded by the slow worker.
 */
export async function deliverDueMail(limit: number, deps: DeliveryDeps): Promise<DeliveryRound> {
  const inRequest = deps.inRequest ?? ((_id, deliver) => deliver());
  return runOutboxRound(limit, deps, (message) => inRequest(message.requestId ?? null, () => deliverOne(message, deps)));
}

async function deliverOne(message: ClaimedMail, deps: DeliveryDeps): Promise<DeliveryOutcome> {
  try {
    const rendered = await deps.renderer.render(message.mail);
    await deps.transport.send({ ...rendered, id: message.id, to: message.mail.to });
    await deps.queue.markSent(message.id, message.claim, deps.clock.now(), keptAfterSending(message.mail, rendered));
    return "sent";
  } catch (error) {
    const permanent = error instanceof MailDeliveryError && error.permanent;
    const reason = error instanceof Error ? error.message : String(error);
    const fate = afterFailure(message.attempts, permanent, deps.clock.now());
    if (fate.status === "failed") {
      await deps.queue.markFailed(message.id, message.claim, reason);
      return "failed";
    }
    await deps.queue.markRetry(message.id, message.claim, fate.nextAttemptAt, reason);
    return "retried";
  }
}
