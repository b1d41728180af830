import type { Metrics } from "#adapters/metrics/metrics.ts";

/** Runs one pass of a background job, its duration and outcome recorded when metrics are on. */
export async function timedRun<T>(metrics: Metrics | null | undefined, job: string, run: () => Promise<T>): Promise<T> {
  if (!metrics) return run();
  const started = performance.now();
  let failed = true;
  try {
    const result = await run();
    failed = false;
    return result;
  } finally {
    metrics.recordJobRun(job, (performance.now() - started) / 1000, failed);
  }
}
