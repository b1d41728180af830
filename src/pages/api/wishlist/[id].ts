import { removeFromWishlist } from "../../../../domain/wishlist/wishlist-use-cases.ts";
import { noContent, param, route } from "../../../server/http.ts";
import { currentShopper } from "../../../server/shopper.ts";

export const DELETE = route(async (context) => {
  await removeFromWishlist({ shopper: await currentShopper(context), itemId: param(context, "id") }, { unitOfWork: context.locals.app.shopping.wishlist });
  return noContent();
});
