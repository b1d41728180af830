import { findHolder } from "#read-models/holders/holders.queries.ts";
import type { HolderView } from "#read-models/holders/holders.views.ts";
import { requireAdmin } from "#server/guards.ts";
import { json, param, readJson, route } from "#server/http.ts";
import { HolderStockRequest } from "#server/schemas/holders.schemas.ts";

// A holder's units of one product; the product's stock becomes its active holders' sum (audited).
export const PUT = route(async (context) => {
  const admin = await requireAdmin(context, "catalogue");
  const body = await readJson(context.request, HolderStockRequest);
  const { app } = context.locals;
  const holderId = param(context, "id");
  await app.ordering.setHolderStock({ holderId, productId: body.productId, quantity: body.quantity }, admin);
  return json((await findHolder(app.db, holderId)) satisfies HolderView | null);
});
