import { AsyncLocalStorage } from "node:async_hooks";
import { randomFillSync } from "node:crypto";

/** What every log line a request causes carries, wherever in the code it is written. */
export interface RequestContext {
  /** W3C trace id: the caller's traceparent's, or a new one. Sent back as X-Request-Id. */
  requestId: string;
  /** The caller's span (its traceparent's parent id and sampled flag): the request's trace span continues it. */
  parent?: { spanId: string; sampled: boolean };
}

const storage = new AsyncLocalStorage<RequestContext>();

// traceparent: version-traceid-parentid-flags (W3C Trace Context); an all-zero id is invalid.
const TRACEPARENT = /^[0-9a-f]{2}-([0-9a-f]{32})-([0-9a-f]{16})-([0-9a-f]{2})$/;

// New trace ids are cut from a pool of random bytes filled 256 ids at a time: a randomBytes call per
// request cost more than the rest of making its context (issue 33, the session and cart calls).
const TRACE_ID_BYTES = 16;
const idPool = Buffer.alloc(TRACE_ID_BYTES * 256);
let idPoolOffset = idPool.length;

function newTraceId(): string {
  if (idPoolOffset === idPool.length) {
    randomFillSync(idPool);
    idPoolOffset = 0;
  }
  const id = idPool.toString("hex", idPoolOffset, idPoolOffset + TRACE_ID_BYTES);
  idPoolOffset += TRACE_ID_BYTES;
  return id;
}

/** The request's context for an incoming request: the trace id and span of a valid `traceparent`, else a new trace id. */
export function requestContextFrom(traceparent: string | null | undefined): RequestContext {
  if (!traceparent) return { requestId: newTraceId() };
  const [, traceId, spanId, flags] = TRACEPARENT.exec(traceparent.trim().toLowerCase()) ?? [];
  if (!traceId || !spanId || /^0+$/.test(traceId) || /^0+$/.test(spanId)) return { requestId: newTraceId() };
  return { requestId: traceId, parent: { spanId, sampled: (parseInt(flags!, 16) & 1) === 1 } };
}

/** The request id for an incoming request: the trace id of a valid `traceparent`, else a new one. */
export function requestIdFrom(traceparent: string | null | undefined): string {
  return requestContextFrom(traceparent).requestId;
}

/** Runs `work` with this request id; every pino line inside it (and in what it awaits) carries it. */
export function withRequestId<T>(requestId: string, work: () => T): T {
  return storage.run({ requestId }, work);
}

/** Runs `work` in this request's context (withRequestId, with the caller's span kept for tracing). */
export function withRequestContext<T>(context: RequestContext, work: () => T): T {
  return storage.run(context, work);
}

/** The request id of the code running now, or undefined outside a request (a timer's job). */
export function currentRequestId(): string | undefined {
  return storage.getStore()?.requestId;
}

/** The context of the request running now, or undefined outside a request. */
export function currentRequestContext(): RequestContext | undefined {
  return storage.getStore();
}
