import { cartOf } from "#read-models/shopping/cart.queries.ts";
import { json, noContent, readJson, route } from "#server/http.ts";
import { CartAdd } from "#server/schemas/shopping.schemas.ts";
import { currentShopper } from "#server/shopper.ts";

export const GET = route(async (context) => {
  const { app } = context.locals;
  return json(await cartOf(app.db, await currentShopper(context), app.clock.now()));
});

// Adding a product already in the cart adds to its line: 201 for a new line, 200 for a grown one.
export const POST = route(async (context) => {
  const { app, visitorId } = context.locals;
  const { productId, quantity } = await readJson(context.request, CartAdd);
  const shopper = await currentShopper(context);
  const { line, created } = await app.cart.addToCart({ shopper, visitorId, productId, quantity });
  const item = (await cartOf(app.db, shopper, app.clock.now())).find((i) => i.id === line.id);
  return json(item, created ? 201 : 200);
});

export const DELETE = route(async (context) => {
  await context.locals.app.cart.clearCart({ shopper: await currentShopper(context) });
  return noContent();
});
