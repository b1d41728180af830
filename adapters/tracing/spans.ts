import type { RequestContext } from "#adapters/log/request-context.ts";

// What a span is made of, shared by tracing.ts and the SDK side (otel-tracer.ts), which tracing.ts loads lazily.

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

export interface TracingOptions {
  /** The collector's base URL; spans go to `<endpoint>/v1/traces`. */
  endpoint: string;
  serviceName: string;
  onError: (error: unknown) => void;
}
