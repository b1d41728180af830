import { noContent, readText, route } from "#server/http.ts";
import { recordPageViewBody } from "#server/page-view-body.ts";
import { TRACKING_BODY_LIMIT } from "#server/schemas/tracking.schemas.ts";
import { trackedCaller } from "#server/tracking.ts";

// The storefront's tracker posts here on every location change (it only logs a failure). The front
// answers guests' posts on node's own request with the same body rules (src/server/page-view-body.ts).
export const POST = route(async (context) => {
  const text = await readText(context.request, TRACKING_BODY_LIMIT);
  await recordPageViewBody(context.locals.app, text, context.request.headers.get("content-type"), () => trackedCaller(context));
  return noContent();
});
