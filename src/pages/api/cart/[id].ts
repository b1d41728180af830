import { cartOf } from "#read-models/shopping/cart.queries.ts";
import { json, noContent, param, readJson, route } from "#server/http.ts";
import { CartQuantity } from "#server/schemas/shopping.schemas.ts";
import { currentShopper } from "#server/shopper.ts";

export const PATCH = route(async (context) => {
  const { app } = context.locals;
  const { quantity } = await readJson(context.request, CartQuantity);
  const shopper = await currentShopper(context);
  const line = await app.cart.changeCartQuantity({ shopper, lineId: param(context, "id"), quantity });
  return json((await cartOf(app.db, shopper, app.clock.now())).find((i) => i.id === line.id));
});

export const DELETE = route(async (context) => {
  await context.locals.app.cart.removeFromCart({ shopper: await currentShopper(context), lineId: param(context, "id") });
  return noContent();
});
