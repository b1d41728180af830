import type { Tracked } from "../../domain/analytics/tracking.ts";
import type { RouteContext } from "./http.ts";

/** Who is calling a tracking endpoint: the visitor cookie, the client address, the user when signed in. */
export async function trackedCaller(context: Pick<RouteContext, "locals">): Promise<Tracked> {
  const { visitorId, newVisitor, clientIp } = context.locals;
  const user = await context.locals.currentUser();
  return { visitorId, knownVisitor: !newVisitor, clientIp, userId: user?.id ?? null };
}
