import { analyticsConsentFrom } from "../../adapters/auth/analytics-consent-cookie.ts";
import { createTrackingUnitOfWork } from "../../adapters/repositories/tracking.unit-of-work.ts";
import type { PageViewDeps } from "../../domain/analytics/record-page-view.ts";
import type { Tracked, TrackingDeps } from "../../domain/analytics/tracking.ts";
import type { App } from "./app.ts";
import type { RouteContext } from "./http.ts";

/** Who is calling a tracking endpoint: the visitor cookie, the client address, the user when signed in, their analytics choice. */
export async function trackedCaller(context: Pick<RouteContext, "locals" | "request">): Promise<Tracked> {
  const { visitorId, newVisitor, clientIp } = context.locals;
  const user = await context.locals.currentUser();
  const analyticsConsent = analyticsConsentFrom(context.request.headers.get("cookie"));
  return { visitorId, knownVisitor: !newVisitor, clientIp, userId: user?.id ?? null, analyticsConsent };
}

export function trackingDeps(context: Pick<RouteContext, "locals">): TrackingDeps {
  const { app } = context.locals;
  return { tracking: createTrackingUnitOfWork(app.db, app.eventListeners, app.clock), clock: app.clock, limitPerMinute: app.config.trackingLimitPerMinute };
}

/** Page views go through the app's one page-view log, which stores concurrent ones together. */
export function pageViewDeps(context: Pick<RouteContext, "locals">): PageViewDeps {
  return pageViewDepsOf(context.locals.app);
}

export function pageViewDepsOf(app: App): PageViewDeps {
  return { pageViews: app.pageViews, clock: app.clock, limitPerMinute: app.config.trackingLimitPerMinute };
}
