import { noContent, readJson, route } from "#server/http.ts";
import { CartActivityBody, TRACKING_BODY_LIMIT } from "#server/schemas/tracking.schemas.ts";
import { trackedCaller } from "#server/tracking.ts";

// The storefront posts here after adding to the cart; it only logs a failure.
export const POST = route(async (context) => {
  const { productId, quantity } = await readJson(context.request, CartActivityBody, TRACKING_BODY_LIMIT);
  await context.locals.app.analytics.recordCartActivity({ productId, quantity }, await trackedCaller(context));
  return noContent();
});
