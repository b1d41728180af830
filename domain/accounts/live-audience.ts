import type { SessionUser } from "./user.ts";
import { roleAllows, type Permission } from "./staff-roles.ts";

/**
 * Who may hear of a change on the live channel (issue 38): the person it belongs to (the order's
 * or the conversation's owner), and staff whose role has the permission the matching screen
 * needs. The same rule as the endpoints an island re-reads, so the channel never tells anyone of
 * something they could not open.
 */
export interface LiveAudience {
  permission: Permission;
  /** The owning account; null when it has none (a guest's conversation: no account hears it but staff). */
  ownerId: string | null;
}

/** What the rule reads of a person: a stream keeps only this (src/server/live/live-hub.ts). */
export type LiveListener = Pick<SessionUser, "id" | "isAdmin" | "staffRole">;

export function mayHear(user: LiveListener, audience: LiveAudience): boolean {
  if (audience.ownerId !== null && audience.ownerId === user.id) return true;
  return user.isAdmin && user.staffRole !== null && roleAllows(user.staffRole, audience.permission);
}
