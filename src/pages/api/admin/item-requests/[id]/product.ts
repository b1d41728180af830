import { requireAdmin } from "#server/guards.ts";
import { json, param, readJson, route } from "#server/http.ts";
import { ItemRequestNewProduct } from "#server/schemas/admin-lists.schemas.ts";

// Staff answer an item request with a product the shop did not have (issue 36): made in the request's
// game with stock 0, then linked, so the shopper is emailed at its first stock. Making a product is
// the catalogue permission's, answering requests the item-requests one: both are needed.
export const POST = route(async (context) => {
  await requireAdmin(context, "item-requests");
  const staff = await requireAdmin(context, "catalogue");
  const product = await readJson(context.request, ItemRequestNewProduct);
  const { productId } = await context.locals.app.stockAlerts.linkItemRequestToNewProduct({ itemRequestId: param(context, "id"), product }, staff);
  return json({ linked: true, productId }, 201);
});
