import type { Clock } from "../shared/clock.port.ts";
import type { StaffPresence } from "./staff-presence.port.ts";

/** A staff member counts as online this long after the panel's last heartbeat (issue 36). */
export const PRESENCE_WINDOW_MS = 3 * 60_000;

/** At most one write per staff member in this interval, whatever the panel sends. */
export const PRESENCE_WRITE_INTERVAL_MS = 60_000;

/** The panel's Support or Orders tab is open: the staff member is there to answer. */
export async function noteStaffPresence(staffId: string, deps: { presence: StaffPresence; clock: Clock }): Promise<void> {
  const now = deps.clock.now();
  await deps.presence.note(staffId, now, new Date(now.getTime() - PRESENCE_WRITE_INTERVAL_MS));
}
