import type { SupportStatusView } from "#read-models/support/support-status.views.ts";

/**
 * The live support facts in words (issue 36), shared by the chat widget and the Contact page: the
 * number of staff there now, or the offline promise with the owner's hours; the median first reply
 * of the last 7 days when there is one. Nothing here is a fixed figure.
 */
export const OFFLINE_TEXT = "We're offline, we reply by email within 24 hours";

export function presenceText(status: SupportStatusView): string {
  if (!status.online) return OFFLINE_TEXT;
  return `${status.agentsOnline} ${status.agentsOnline === 1 ? "agent" : "agents"} online`;
}

export function hoursText(status: SupportStatusView): string | null {
  return status.hours ? `Support hours: ${status.hours}` : null;
}

export function firstReplyText(status: SupportStatusView): string | null {
  const minutes = status.medianFirstReplyMinutes;
  if (minutes === null) return null;
  return `Typical first reply: ${minutes} ${minutes === 1 ? "minute" : "minutes"} (median of the last 7 days)`;
}

/** A waiting shopper's place: "You are number 2 in the queue". */
export function queueText(position: number): string {
  return position === 1 ? "You are next in the queue" : `You are number ${position} in the queue`;
}
