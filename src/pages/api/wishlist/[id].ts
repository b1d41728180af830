import { noContent, param, route } from "#server/http.ts";
import { currentShopper } from "#server/shopper.ts";

export const DELETE = route(async (context) => {
  await context.locals.app.wishlist.removeFromWishlist({ shopper: await currentShopper(context), itemId: param(context, "id") });
  return noContent();
});
