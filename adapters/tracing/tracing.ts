import type { RequestContext } from "#adapters/log/request-context.ts";

/** One answered request, as the request's log line and metrics see it. */
export interface RequestSpan {
  method: string;
  /** The route pattern of the manifest ("/api/orders/[id]"), never the URL: names stay a bounded set. */
  route: string;
  status: number;
  seconds: number;
  /** The request's id (its trace id) and the caller's span from its traceparent, if any. */
  request: RequestContext;
  cache?: string | undefined;
}

/** One pass of a background job. */
export interface JobSpan {
  job: string;
  seconds: number;
  failed: boolean;
  /** The request that started it, when it ran inside one (a mail sent at once): same trace. */
  request?: RequestContext | undefined;
}

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

export interface TracingOptions {
  /** The collector's base URL; spans go to `<endpoint>/v1/traces`. */
  endpoint: string;
  serviceName: string;
  onError: (error: unknown) => void;
}

/** The tracing of a store with OTEL_EXPORTER_OTLP_ENDPOINT set: the SDK loads in the background. */
export function createTracing(options: TracingOptions): Tracing {
  const tracer = import("./otel-tracer.ts").then((m) => m.createOtelTracer(options));
  tracer.catch(options.onError);
  const use = (work: (t: Awaited<typeof tracer>) => void) => void tracer.then(work).catch(options.onError);
  // The end time is taken now, before the SDK may still be loading (the first requests).
  return {
    recordRequest: (span) => {
      const ended = Date.now();
      use((t) => t.recordRequest(span, ended));
    },
    recordJob: (span) => {
      const ended = Date.now();
      use((t) => t.recordJob(span, ended));
    },
    flush: async () => (await tracer).flush(),
    shutdown: async () => (await tracer).shutdown(),
  };
}
