import { useCallback } from "react";
import type { AdminTab } from "#src/lib/admin-tabs.ts";
import { api } from "#src/lib/api-client.ts";
import { usePolling } from "#src/lib/use-polling.ts";

/** Once a minute is enough: a staff member counts as online for 3 minutes after a heartbeat. */
export const PRESENCE_HEARTBEAT_MS = 60_000;

/**
 * While the Support or Orders tab is open and the browser tab visible, the panel says so (issue 36):
 * the shop's chat shows how many staff are there to answer. The server writes at most once a minute
 * per staff member whatever this sends.
 */
export function usePresenceHeartbeat(tab: AdminTab): void {
  const answering = tab === "support" || tab === "orders";
  const beat = useCallback(async () => {
    if (tab === "support" || tab === "orders") await api.post("/api/admin/presence", { tab });
  }, [tab]);
  usePolling(beat, PRESENCE_HEARTBEAT_MS, answering);
}
