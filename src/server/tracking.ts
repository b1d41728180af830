import { createTrackingUnitOfWork } from "../../adapters/repositories/tracking.unit-of-work.ts";
import type { PageViewDeps } from "../../domain/analytics/record-page-view.ts";
import type { Tracked, TrackingDeps } from "../../domain/analytics/tracking.ts";
import type { App } from "./app.ts";
import type { RouteContext } from "./http.ts";

/** Who is calling a tracking endpoint: the visitor cookie, the client address, the user when signed in. */
export async function trackedCaller(context: Pick<RouteContext, "locals">): Promise<Tracked> {
  const { visitorId, newVisitor, clientIp } = context.locals;
  const user = await context.locals.currentUser();
  return { visitorId, knownVisitor: !newVisitor, clientIp, userId: user?.id ?? null };
}

export function trackingDeps(context: Pick<RouteContext, "locals">): TrackingDeps {
  const { app } = context.locals;
  return { tracking: createTrackingUnitOfWork(app.db, app.eventListeners, app.clock), clock: app.clock, limitPerMinute: app.config.trackingLimitPerMinute };
}

/** Page views go through the app's one page-view log, which stores concurrent ones together. */
export function pageViewDepsOf(app: App): PageViewDeps {
  return { pageViews: app.pageViews, clock: app.clock, limitPerMinute: app.config.trackingLimitPerMinute };
}
