import { randomBytes } from "node:crypto";
import { ROOT_CONTEXT, SpanKind, SpanStatusCode, trace, TraceFlags, type Context } from "@opentelemetry/api";
import { OTLPTraceExporter } from "@opentelemetry/exporter-trace-otlp-http";
import { resourceFromAttributes } from "@opentelemetry/resources";
import { BatchSpanProcessor, TracerProvider } from "@opentelemetry/sdk-trace";
import type { RequestContext } from "#adapters/log/request-context.ts";
import type { JobSpan, RequestSpan, TracingOptions } from "./spans.ts";

// Loaded only when tracing is on (tracing.ts imports this file lazily).

/**
 * The trace a span belongs to: the caller's (its traceparent's span as the remote parent), or, for
 * a request that came without one, a trace whose id is the request id, so a log line's requestId
 * finds its trace. The SDK asks for a root span's trace id synchronously inside startSpan, so the
 * id to use is handed over in `nextTraceId` just before.
 */
let nextTraceId: string | undefined;

function parentOf(request: RequestContext | undefined): Context {
  nextTraceId = request?.requestId;
  if (!request?.parent) return ROOT_CONTEXT;
  return trace.setSpanContext(ROOT_CONTEXT, {
    traceId: request.requestId,
    spanId: request.parent.spanId,
    traceFlags: request.parent.sampled ? TraceFlags.SAMPLED : TraceFlags.NONE,
    isRemote: true,
  });
}

export function createOtelTracer(options: TracingOptions) {
  const exporter = new OTLPTraceExporter({ url: `${options.endpoint}/v1/traces` });
  const provider = new TracerProvider({
    resource: resourceFromAttributes({ "service.name": options.serviceName }),
    idGenerator: {
      generateTraceId: () => nextTraceId ?? randomBytes(16).toString("hex"),
      generateSpanId: () => randomBytes(8).toString("hex"),
    },
    spanProcessors: [new BatchSpanProcessor({ exporter })],
  });
  const tracer = provider.getTracer("robux-item-store");

  function record(
    name: string,
    kind: SpanKind,
    seconds: number,
    ended: number,
    request: RequestContext | undefined,
    attributes: Record<string, string | number>,
    failed: boolean,
  ) {
    const parent = parentOf(request);
    const span = tracer.startSpan(name, { kind, startTime: ended - seconds * 1000, attributes }, parent);
    nextTraceId = undefined;
    if (failed) span.setStatus({ code: SpanStatusCode.ERROR });
    span.end(ended);
  }

  return {
    recordRequest(span: RequestSpan, ended: number) {
      const attributes: Record<string, string | number> = {
        "http.request.method": span.method,
        "http.route": span.route,
        "http.response.status_code": span.status,
      };
      if (span.cache) attributes["cache"] = span.cache;
      // Semantic conventions: a server span is "METHOD route"; only 5xx is the server's error.
      record(`${span.method} ${span.route}`, SpanKind.SERVER, span.seconds, ended, span.request, attributes, span.status >= 500);
    },
    recordJob(span: JobSpan, ended: number) {
      record(`job ${span.job}`, SpanKind.INTERNAL, span.seconds, ended, span.request, { job: span.job }, span.failed);
    },
    flush: () => provider.forceFlush(),
    shutdown: () => provider.shutdown(),
  };
}
