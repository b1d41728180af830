import { analyticsConsentFrom } from "#adapters/auth/analytics-consent-cookie.ts";
import type { Tracked } from "#domain/analytics/tracking.ts";
import type { RouteContext } from "./http.ts";

/** Who is calling a tracking endpoint: the visitor cookie, the client address, the user when signed in, their analytics choice. */
export async function trackedCaller(context: Pick<RouteContext, "locals" | "request">): Promise<Tracked> {
  const { visitorId, newVisitor, clientIp } = context.locals;
  const user = await context.locals.currentUser();
  const analyticsConsent = analyticsConsentFrom(context.request.headers.get("cookie"));
  return { visitorId, knownVisitor: !newVisitor, clientIp, userId: user?.id ?? null, analyticsConsent };
}
