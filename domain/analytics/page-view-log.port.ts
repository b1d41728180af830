import type { NewEvent } from "./events.ts";
import type { TrackingHit } from "./tracking-admission.ts";

export type PageViewed = Extract<NewEvent, { type: "PageViewed" }>;

/**
 * Where page views are stored: the rate-limit hit and the PageViewed append of one view happen in
 * one transaction, shared with whatever other views were recorded at about the same time.
 */
export interface PageViewLog {
  /**
   * Counts `hit` (or each of several hits: its visitor's and its address's) in the minute of
   * `view.occurredAt` and, when the rule admits every one (admitHits), appends `view`. Resolves once that is committed: "recorded" (the view is in the log and the
   * read models) or "limited" (only the hit was counted). Rejects when the write failed; then
   * nothing of it is stored. Concurrent calls are admitted and appended in call order, as if
   * made one after another; each view is appended once.
   */
  record(view: PageViewed, hit: TrackingHit | readonly TrackingHit[]): Promise<"recorded" | "limited">;
}
