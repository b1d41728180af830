/**
 * The text/event-stream frames of the live channel (https://html.spec.whatwg.org/multipage/server-sent-events.html).
 * Data is one line of JSON: JSON.stringify never writes a raw line break.
 */
export function eventFrame(id: number, event: string, data: unknown): string {
  return `id: ${id}\nevent: ${event}\ndata: ${JSON.stringify(data)}\n\n`;
}

/**
 * A comment that keeps proxies and the browser from timing the connection out; with a position,
 * an `id:` without data, which moves the browser's Last-Event-ID without firing an event.
 */
export function heartbeatFrame(position: number | null): string {
  return position === null ? ": heartbeat\n\n" : `: heartbeat\nid: ${position}\n\n`;
}

/** How long the browser waits before reconnecting; with `reason`, an event the client reads before the stream ends (renew, shed). */
export function retryFrame(ms: number, reason: string | null): string {
  const retry = `retry: ${Math.round(ms)}\n`;
  return reason === null ? `${retry}\n` : `${retry}event: ${reason}\ndata: {}\n\n`;
}
