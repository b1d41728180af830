/** How long a stop may take before the process exits anyway (inside a unit's TimeoutStopSec). */
export const STOP_GRACE_MS = 5000;

/**
 * SIGTERM or SIGINT runs `stop` (runApp's: the server, the jobs, the page views, the database) and
 * exits 0, after STOP_GRACE_MS at most. A repeated signal is ignored: a service manager signals
 * every process of the unit and a terminal the whole process group, so npm, scripts/run.mjs and this
 * process may each pass one on.
 */
export function stopOnSignals(stop: () => Promise<void>, graceMs = STOP_GRACE_MS): void {
  let stopping = false;
  const onSignal = () => {
    if (stopping) return;
    stopping = true;
    setTimeout(() => process.exit(0), graceMs).unref();
    void stop().finally(() => process.exit(0));
  };
  process.on("SIGINT", onSignal);
  process.on("SIGTERM", onSignal);
}
