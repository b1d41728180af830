import { productJson } from "#server/catalogue-json.ts";
import { requireAdmin } from "#server/guards.ts";
import { json, readJson, route } from "#server/http.ts";
import { BulkPriceRequest } from "#server/schemas/bulk-catalogue.schemas.ts";

// Item values swing: a selection repriced at once (set, or raised/lowered by a percentage or an
// amount), rounded to the cent, never below 0.01, an original price dropped once it is no longer
// above the price; all or none, in one transaction, one audit entry.
export const POST = route(async (context) => {
  const admin = await requireAdmin(context, "catalogue");
  const { productIds, set, percent, amount } = await readJson(context.request, BulkPriceRequest, 1_000_000);
  const change = set !== undefined ? { set } : percent !== undefined ? { percent } : { amount: amount ?? 0 };
  const products = await context.locals.app.catalogue.bulkPrice(productIds, change, admin);
  return json({ products: products.map(productJson) });
});
