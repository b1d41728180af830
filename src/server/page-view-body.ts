import type { Tracked } from "#domain/analytics/tracking.ts";
import type { RouteApp } from "./route-app.ts";
import { notJson } from "./http-errors.ts";
import { isJsonContentType, parseJsonBody } from "./http.ts";
import { PageViewBody } from "./schemas/tracking.schemas.ts";

/**
 * POST /api/tracking/page-view, once its body is read: JSON only, the schema's shape, then recorded
 * for the caller (asked for only once the body is valid: on the general path it reads the session).
 * Its two entrances read the body the same way and differ only in how the request arrives: the
 * route module (src/pages/api/tracking/page-view.ts) and, for guests, the front's answer on node's
 * own request (node-answers/page-view.ts).
 */
export async function recordPageViewBody(
  app: RouteApp,
  text: string,
  contentType: string | null | undefined,
  who: () => Tracked | Promise<Tracked>,
): Promise<void> {
  if (text !== "" && !isJsonContentType(contentType)) throw notJson();
  const view = parseJsonBody(text, PageViewBody);
  await app.analytics.recordPageView(view, await who());
}
