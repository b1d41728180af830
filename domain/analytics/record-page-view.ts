import { tooManyTrackingRequests } from "./tracking.errors.ts";
import { trackingLimitKey, type Tracked, type TrackingDeps } from "./tracking.ts";

export interface PageView {
  page: string;
  pageTitle: string;
  referrer: string | null;
}

/**
 * Appends a PageViewed for this visitor (and user, when signed in) at the clock's time. Over the
 * per-visitor limit it throws rate_limited and appends nothing; the hit still counts. Concurrent
 * calls each append their own event.
 */
export async function recordPageView(view: PageView, who: Tracked, deps: TrackingDeps): Promise<void> {
  const now = deps.clock.now();
  const recorded = await deps.tracking.run(async ({ events, limiter }) => {
    if (!(await limiter.hit(trackingLimitKey("page-view", who), deps.limitPerMinute, now))) return false;
    await events.append({ type: "PageViewed", occurredAt: now, visitorId: who.visitorId, userId: who.userId, payload: view });
    return true;
  });
  if (!recorded) throw tooManyTrackingRequests();
}
