import type { DeliveryRound } from "#domain/mail/deliver-mail.ts";

export interface MailWorker {
  /** Starts polling the outbox (idempotent). */
  start(): void;
  /** Asks for a round soon (a message was just added); a round under way finishes first. */
  wake(): void;
  /** Runs rounds until the outbox has nothing due; what tests and the CLI use. */
  drain(): Promise<DeliveryRound>;
  /** Stops polling and waits for the round under way, so nothing is half-recorded at exit. */
  stop(): Promise<void>;
}

/**
 * The outbox worker inside the app process: a round every `intervalMs` (and soon after wake()),
 * then at once again while rounds come back full. Rounds never overlap within a process; between
 * processes the claim keeps them apart. A failing round (database down) is logged and retried at
 * the next tick.
 */
export function createMailWorker(settings: {
  round: () => Promise<DeliveryRound>;
  batchSize: number;
  intervalMs: number;
  onError: (error: unknown) => void;
}): MailWorker {
  let running = false;
  let timer: NodeJS.Timeout | undefined;
  let current: Promise<DeliveryRound> | undefined;

  const total = (a: DeliveryRound, b: DeliveryRound): DeliveryRound => ({ sent: a.sent + b.sent, retried: a.retried + b.retried, failed: a.failed + b.failed });

  async function drain(): Promise<DeliveryRound> {
    let sum: DeliveryRound = { sent: 0, retried: 0, failed: 0 };
    for (;;) {
      while (current) await current.catch(() => undefined);
      current = settings.round();
      try {
        const round = await current;
        sum = total(sum, round);
        if (round.sent + round.retried + round.failed < settings.batchSize) return sum;
      } finally {
        current = undefined;
      }
    }
  }

  function schedule(delayMs: number): void {
    if (!running) return;
    clearTimeout(timer);
    timer = setTimeout(() => {
      void drain()
        .catch(settings.onError)
        .finally(() => schedule(settings.intervalMs));
    }, delayMs);
    timer.unref();
  }

  return {
    start() {
      if (running) return;
      running = true;
      schedule(0);
    },
    wake() {
      // A moment later: the transaction that added the message commits first.
      if (running) schedule(50);
    },
    drain,
    async stop() {
      running = false;
      clearTimeout(timer);
      await current?.catch(() => undefined);
    },
  };
}
