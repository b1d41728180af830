import type { Server } from "node:http";
import type { App } from "./app.ts";
import { stopServing } from "./stop-serving.ts";

/** How long a stop may take before the process exits anyway (inside a unit's TimeoutStopSec). */
export const STOP_GRACE_MS = 5000;

/**
 * SIGTERM or SIGINT stops the server gracefully (stopServing) and exits 0, after STOP_GRACE_MS at
 * most. A repeated signal is ignored: a service manager signals every process of the unit and a
 * terminal the whole process group, so npm, scripts/run.mjs and this process may each pass one on.
 */
export function stopOnSignals(server: Server, app: App, graceMs = STOP_GRACE_MS): void {
  let stopping = false;
  const stop = () => {
    if (stopping) return;
    stopping = true;
    setTimeout(() => process.exit(0), graceMs).unref();
    void stopServing(server, app).finally(() => process.exit(0));
  };
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);
}
