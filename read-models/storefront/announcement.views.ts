/** GET /api/announcement (issue 36's contract): what the bar says now. */
export interface AnnouncementView {
  text: string;
  /** The running sale's real end; null for the owner's standing announcement (no timer). */
  endsAt: string | null;
  /** The largest discount actually on sale, in whole percent; null when none is a percentage. */
  maxDiscountPercent: number | null;
}

/**
 * What the bar in every page's HTML holds: the sale (running or yet to start) and the standing
 * announcement shown outside it. Pages are cached, so the browser switches between them at the
 * sale's start and end (AnnouncementBanner.astro), not the server.
 */
export interface AnnouncementBarView {
  sale: (AnnouncementView & { startsAt: string; endsAt: string }) | null;
  standing: AnnouncementView | null;
}
