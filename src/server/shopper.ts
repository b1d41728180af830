import { shopperOf, type Shopper } from "#domain/shared/shopper.ts";
import type { RouteContext } from "./http.ts";

/** Whose cart and wishlist a request is about: the signed-in user, else the guest's visitor id. */
export async function currentShopper(context: Pick<RouteContext, "locals">): Promise<Shopper> {
  const user = await context.locals.currentUser();
  return shopperOf(user?.id ?? null, context.locals.visitorId);
}
