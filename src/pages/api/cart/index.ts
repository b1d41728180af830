import { cartOf } from "#read-models/shopping/cart.queries.ts";
import { json, noContent, readJson, route } from "#server/http.ts";
import { cartAnswer } from "#server/personal-answers.ts";
import { CartAdd } from "#server/schemas/shopping.schemas.ts";
import { currentShopper } from "#server/shopper.ts";

// The front answers this GET on node's own request (src/server/node-answers/personal.ts), with the same answer.
export const GET = route(async (context) => json(await cartAnswer(context.locals.app, await currentShopper(context))));

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
