import type { JobSpan, RequestSpan, TracingOptions } from "./spans.ts";

export type { JobSpan, RequestSpan, TracingOptions };

/**
 * OpenTelemetry tracing (issue 39), on only with OTEL_EXPORTER_OTLP_ENDPOINT. Spans are recorded
 * when the request or job has ended, from its measured duration: nothing runs on the way in, and
 * the SDK needs no context manager. The SDK is imported on first use, so a store without the
 * setting never loads it.
 */
export interface Tracing {
  recordRequest(span: RequestSpan): void;
  recordJob(span: JobSpan): void;
  /** Sends what is buffered now (tests, and before a stop). */
  flush(): Promise<void>;
  shutdown(): Promise<void>;
}

/** The tracing of a store with OTEL_EXPORTER_OTLP_ENDPOINT set: the SDK loads in the background. */
export function createTracing(options: TracingOptions): Tracing {
  const tracer = import("./otel-tracer.ts").then((m) => m.createOtelTracer(options));
  tracer.catch(options.onError);
  const use = (work: (t: Awaited<typeof tracer>) => void) => void tracer.then(work).catch(options.onError);
  // The end time is taken now, before the SDK may still be loading (the first requests); a span's
  // wall-clock time, not the shop's Clock (which tests move).
  return {
    recordRequest: (span) => {
      const ended = performance.timeOrigin + performance.now();
      use((t) => t.recordRequest(span, ended));
    },
    recordJob: (span) => {
      const ended = performance.timeOrigin + performance.now();
      use((t) => t.recordJob(span, ended));
    },
    flush: async () => (await tracer).flush(),
    shutdown: async () => (await tracer).shutdown(),
  };
}
