import type { Clock } from "../shared/clock.port.ts";
import type { PageViewLog } from "./page-view-log.port.ts";
import { tooManyTrackingRequests } from "./tracking.errors.ts";
import { trackingHits, type Tracked } from "./tracking.ts";

export interface PageView {
  page: string;
  pageTitle: string;
  referrer: string | null;
}

export interface PageViewDeps {
  pageViews: PageViewLog;
  clock: Clock;
  /** Page views per visitor (or address, see trackingLimitKey) and minute. */
  limitPerMinute: number;
}

/**
 * Appends a PageViewed for this visitor (and user, when signed in; neither without analytics
 * consent, see Tracked.analyticsConsent) at the clock's time, and
 * returns once it is stored (with the read models). Over the per-visitor limit it throws
 * rate_limited and appends nothing; the hit still counts. Concurrent calls each append their own
 * event, in call order; the log may store them together in one transaction.
 */
export async function recordPageView(view: PageView, who: Tracked, deps: PageViewDeps): Promise<void> {
  const outcome = await deps.pageViews.record(
    {
      type: "PageViewed",
      occurredAt: deps.clock.now(),
      // Without analytics consent the view still counts, but as nobody: no visitor id, no user id.
      visitorId: who.analyticsConsent ? who.visitorId : null,
      userId: who.analyticsConsent ? who.userId : null,
      payload: view,
    },
    trackingHits("page-view", who, deps.limitPerMinute),
  );
  if (outcome === "limited") throw tooManyTrackingRequests();
}
