import { useCallback, useEffect, useRef } from "react";
import { ApiError } from "./api-client.ts";

/**
 * Runs `task` now and then every `intervalMs` while `enabled`, one run at a time (the next waits
 * for the previous answer, so a slow server is never flooded). Paused while the tab is hidden and
 * run at once when it is shown again. Failures are only logged: polling errors have no user-facing
 * effect (storefront.md section 8). `pollNow()` runs it at once (e.g. right after sending).
 */
const tabHidden = () => document.visibilityState === "hidden";

/**
 * A poll answered "Please log in" (401): the person signed out, here, in another tab or by staff.
 * Nothing of theirs is left to poll for, and the page that needs a session says so at its next
 * load; polling stops quietly instead of reporting an error every interval.
 */
export function endsPolling(error: unknown): boolean {
  return error instanceof ApiError && error.status === 401;
}

export function usePolling(task: () => Promise<void>, intervalMs: number, enabled: boolean): { pollNow: () => void } {
  const taskRef = useRef(task);
  const pollNowRef = useRef<() => void>(() => {});
  useEffect(() => {
    taskRef.current = task;
  }, [task]);

  useEffect(() => {
    if (!enabled) return;
    let stopped = false;
    let running = false;
    let again = false;
    let timer: ReturnType<typeof setTimeout> | undefined;

    const run = async () => {
      clearTimeout(timer);
      if (stopped || tabHidden()) return;
      if (running) {
        again = true;
        return;
      }
      running = true;
      try {
        await taskRef.current();
      } catch (error) {
        if (endsPolling(error)) stopped = true;
        else console.error("poll failed", error);
      } finally {
        running = false;
      }
      if (stopped) return;
      if (again) {
        again = false;
        void run();
      } else if (!tabHidden()) {
        timer = setTimeout(() => void run(), intervalMs);
      }
    };
    const onVisibility = () => {
      if (tabHidden()) clearTimeout(timer);
      else void run();
    };

    pollNowRef.current = () => void run();
    document.addEventListener("visibilitychange", onVisibility);
    void run();
    return () => {
      stopped = true;
      clearTimeout(timer);
      pollNowRef.current = () => {};
      document.removeEventListener("visibilitychange", onVisibility);
    };
  }, [enabled, intervalMs]);

  return { pollNow: useCallback(() => pollNowRef.current(), []) };
}
