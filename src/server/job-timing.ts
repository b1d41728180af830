import type { Metrics } from "#adapters/metrics/metrics.ts";
import type { Tracing } from "#adapters/tracing/tracing.ts";
import { currentRequestContext } from "#adapters/log/request-context.ts";

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
