import { useStore } from "@nanostores/react";
import { useEffect, useRef } from "react";
import { $liveStatus, listenLive, type LiveSignal } from "../stores/live-events.ts";
import { usePolling } from "./use-polling.ts";

/**
 * While the live channel is open, a screen is re-read when a live event it cares about arrives
 * (and once a minute to be safe); while it is not, at the specification's own interval. So the
 * polling constants stay the fallback (issue 38).
 */
export const LIVE_SAFETY_POLL_MS = 60_000;

export function useLivePolling(
  task: () => Promise<void>,
  intervalMs: number,
  enabled: boolean,
  cares: (signal: LiveSignal) => boolean,
): { pollNow: () => void } {
  const live = useStore($liveStatus) === "open";
  const polling = usePolling(task, live ? Math.max(intervalMs, LIVE_SAFETY_POLL_MS) : intervalMs, enabled);
  const caresRef = useRef(cares);
  caresRef.current = cares;
  const { pollNow } = polling;
  useEffect(() => {
    if (!enabled) return;
    return listenLive((signal) => {
      if (signal.kind === "resync" || caresRef.current(signal)) pollNow();
    });
  }, [enabled, pollNow]);
  return polling;
}
