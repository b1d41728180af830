import { wishlistOf } from "#read-models/shopping/wishlist.queries.ts";
import { json, readJson, route } from "#server/http.ts";
import { WishlistAdd } from "#server/schemas/shopping.schemas.ts";
import { currentShopper } from "#server/shopper.ts";

export const GET = route(async (context) => {
  const { app } = context.locals;
  return json(await wishlistOf(app.db, await currentShopper(context), app.clock.now()));
});

// A product already in the wishlist is not added twice: 200 with the existing item.
export const POST = route(async (context) => {
  const { app } = context.locals;
  const { productId } = await readJson(context.request, WishlistAdd);
  const shopper = await currentShopper(context);
  const { item, created } = await app.wishlist.addToWishlist({ shopper, productId });
  const view = (await wishlistOf(app.db, shopper, app.clock.now())).find((i) => i.id === item.id);
  return json(view, created ? 201 : 200);
});
