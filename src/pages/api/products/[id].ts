import { productNotFound } from "#domain/catalogue/catalogue.errors.ts";
import { findProduct } from "#read-models/storefront/catalogue.queries.ts";
import { deliveryPromiseNow } from "#server/delivery-promise.ts";
import { json, param, route } from "#server/http.ts";

export const GET = route(async (context) => {
  const { app } = context.locals;
  const now = app.clock.now();
  const product = await findProduct(app.db, param(context, "id"), now);
  if (!product) throw productNotFound();
  // deliveryMinutes: the product's own promise, or the shop's when it has none.
  return json({ ...product, ...(await deliveryPromiseNow(app.db, product.deliveryMinutes, app.config.delivery.slaMinutes, now)) });
});
