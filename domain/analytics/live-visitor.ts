import type { StoredEvent } from "./events.ts";

/** A visitor as the live visitors panel shows them; sessionId is the visitor cookie's id. */
export interface LiveVisitor {
  sessionId: string;
  lastPage: string;
  userId: string | null;
  /** ISO instant of the last page view. */
  lastVisit: string;
}

type PageViewed = Extract<StoredEvent, { type: "PageViewed" }>;

/**
 * The visitor after this page view; null when it changes nothing. An older page view (log order is
 * not always time order across processes) never replaces a newer one; of two at the same instant
 * the later in the log wins. A page view without a visitor id has no session to show.
 */
export function evolveLiveVisitor(state: LiveVisitor | undefined, event: PageViewed): LiveVisitor | null {
  if (!event.visitorId) return null;
  const at = event.occurredAt.toISOString();
  if (state && state.lastVisit > at) return null;
  return { sessionId: event.visitorId, lastPage: event.payload.page, userId: event.userId, lastVisit: at };
}
