import type { Metrics } from "#adapters/metrics/metrics.ts";
import type { Tracing } from "#adapters/tracing/tracing.ts";
import { currentRequestContext } from "#adapters/log/request-context.ts";
import type { Logger } from "#adapters/log/logger.ts";
import { createMailWorker, type MailWorker } from "#adapters/mail/mail-worker.ts";
import type { DeliveryRound } from "#domain/shared/outbox-round.ts";

/** Who watches job runs: metrics (METRICS_TOKEN) and tracing (OTEL_EXPORTER_OTLP_ENDPOINT), each when on. */
export interface JobObservers {
  metrics?: Metrics | null | undefined;
  tracing?: Tracing | null | undefined;
}

/** Runs one pass of a background job, its duration and outcome recorded as a metric and a span when those are on. */
export async function timedRun<T>(observers: JobObservers, job: string, run: () => Promise<T>): Promise<T> {
  const { metrics, tracing } = observers;
  if (!metrics && !tracing) return run();
  const started = performance.now();
  let failed = true;
  try {
    const result = await run();
    failed = false;
    return result;
  } finally {
    const seconds = (performance.now() - started) / 1000;
    metrics?.recordJobRun(job, seconds, failed);
    tracing?.recordJob({ job, seconds, failed, request: currentRequestContext() });
  }
}

/**
 * The in-process worker of an outbox (the mail's and the webhooks'): each round timed as `job`, a
 * round with retries or failures logged as a warning (`what`: its counts under that key), a failing
 * round (database down) logged as an error and tried again at the next tick.
 */
export function outboxWorker(
  deps: JobObservers & { log: Logger },
  job: { name: string; what: "mail" | "webhooks"; warning: string; error: string; batchSize: number; intervalMs: number },
  deliverDue: () => Promise<DeliveryRound>,
): MailWorker {
  return createMailWorker({
    round: () =>
      timedRun(deps, job.name, async () => {
        const round = await deliverDue();
        if (round.retried || round.failed) deps.log.warn({ [job.what]: round }, job.warning);
        return round;
      }),
    batchSize: job.batchSize,
    intervalMs: job.intervalMs,
    onError: (error) => deps.log.error({ err: error }, job.error),
  });
}
