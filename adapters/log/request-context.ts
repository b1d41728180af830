import { AsyncLocalStorage } from "node:async_hooks";
import { randomBytes } from "node:crypto";

/** What every log line a request causes carries, wherever in the code it is written. */
export interface RequestContext {
  /** W3C trace id: the caller's traceparent's, or a new one. Sent back as X-Request-Id. */
  requestId: string;
}

const storage = new AsyncLocalStorage<RequestContext>();

// traceparent: version-traceid-parentid-flags (W3C Trace Context); an all-zero id is invalid.
const TRACEPARENT = /^[0-9a-f]{2}-([0-9a-f]{32})-[0-9a-f]{16}-[0-9a-f]{2}$/;

/** The request id for an incoming request: the trace id of a valid `traceparent`, else a new one. */
export function requestIdFrom(traceparent: string | null | undefined): string {
  const traceId = TRACEPARENT.exec((traceparent ?? "").trim().toLowerCase())?.[1];
  return traceId && !/^0+$/.test(traceId) ? traceId : randomBytes(16).toString("hex");
}

/** Runs `work` with this request id; every pino line inside it (and in what it awaits) carries it. */
export function withRequestId<T>(requestId: string, work: () => T): T {
  return storage.run({ requestId }, work);
}

/** The request id of the code running now, or undefined outside a request (a timer's job). */
export function currentRequestId(): string | undefined {
  return storage.getStore()?.requestId;
}
