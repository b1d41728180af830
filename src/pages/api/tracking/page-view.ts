import { noContent, readJson, route } from "../../../server/http.ts";
import { PageViewBody, TRACKING_BODY_LIMIT } from "../../../server/schemas/tracking.schemas.ts";
import { trackedCaller } from "../../../server/tracking.ts";

// The storefront's tracker posts here on every location change; it only logs a failure.
export const POST = route(async (context) => {
  const view = await readJson(context.request, PageViewBody, TRACKING_BODY_LIMIT);
  await context.locals.app.analytics.recordPageView(view, await trackedCaller(context));
  return noContent();
});
