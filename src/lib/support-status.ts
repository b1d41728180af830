import type { SupportStatusView } from "#read-models/support/support-status.views.ts";

/**
 * The live support facts in words, shared by the chat widget and the Contact page: the
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

/**
 * The line over an open conversation: its place in the queue while someone is there to take it,
 * and nothing while offline, where the header's one message ("we reply by email") stands alone
 * (before: "We're offline" beside "You are next in the queue"). Unknown status: the place.
 */
export function queueLine(status: SupportStatusView | null, position: number | null): string | null {
  if (position === null || (status !== null && !status.online)) return null;
  const reply = status ? firstReplyText(status) : null;
  return reply ? `${queueText(position)} · ${reply}` : queueText(position);
}

/** What an empty conversation invites: an agent's reply while staff are on, an email reply while offline. */
export function emptyChatText(status: SupportStatusView | null): string {
  return status !== null && !status.online ? "Leave a message: we reply by email within 24 hours." : "Send a message and an agent will reply shortly.";
}

/** The Contact page's live chat card: "right now" only while someone is there. */
export function chatCardText(status: SupportStatusView): string {
  return status.online
    ? "The fastest way to reach us. Chat with an agent right now about your order or any question."
    : "We're offline right now: leave a message in the chat and we reply by email within 24 hours.";
}

/** The Contact page's response time: the measured first reply, else the email promise (never "nothing to measure"). */
export function responseTimeText(status: SupportStatusView): string {
  return firstReplyText(status) ?? "We reply by email within 24 hours.";
}
