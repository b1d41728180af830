import { productNotFound } from "#domain/catalogue/catalogue.errors.ts";
import { findProduct } from "#read-models/storefront/catalogue.queries.ts";
import { json, param, route } from "#server/http.ts";

export const GET = route(async (context) => {
  const product = await findProduct(context.locals.app.db, param(context, "id"), context.locals.app.clock.now());
  if (!product) throw productNotFound();
  return json(product);
});
