import type { Clock } from "../shared/clock.port.ts";
import type { UnitOfWork } from "../shared/unit-of-work.port.ts";
import type { PageViewLog } from "./page-view-log.port.ts";
import { recordCartActivity } from "./record-cart-activity.ts";
import { recordPageView, type PageView } from "./record-page-view.ts";
import { recordUserRegistered } from "./record-user-registered.ts";
import type { Tracked, TrackingWork } from "./tracking.ts";

/** What the analytics module needs, bound once by the composition root. */
export interface AnalyticsModuleDeps {
  /** A tracking call's rate-limit hits, its event and the projections, in one transaction. */
  tracking: UnitOfWork<TrackingWork>;
  /** The page-view log (stores concurrent views together). */
  pageViews: PageViewLog;
  clock: Clock;
  /** Calls per visitor and minute for each tracking endpoint (TRACKING_LIMIT_PER_MINUTE). */
  limitPerMinute: number;
}

/**
 * What the storefront tells the analytics, ready to call: `app.analytics.recordPageView(view, who)`.
 * The dashboards' figures are the read models' (read-models/analytics), folded from these events.
 */
export function createAnalyticsModule(deps: AnalyticsModuleDeps) {
  const { clock, limitPerMinute } = deps;
  return {
    recordPageView: (view: PageView, who: Tracked) => recordPageView(view, who, { pageViews: deps.pageViews, clock, limitPerMinute }),
    recordCartActivity: (input: { productId: string; quantity: number }, who: Tracked) =>
      recordCartActivity(input, who, { tracking: deps.tracking, clock, limitPerMinute }),
    recordUserRegistered: (account: { userId: string; email: string; visitorId: string | null }) =>
      recordUserRegistered(account, { tracking: deps.tracking, clock }),
  };
}

export type AnalyticsModule = ReturnType<typeof createAnalyticsModule>;
