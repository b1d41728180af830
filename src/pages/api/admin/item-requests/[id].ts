import { requireAdmin } from "#server/guards.ts";
import { json, param, readJson, route } from "#server/http.ts";
import { ItemRequestLink } from "#server/schemas/admin-lists.schemas.ts";

// Staff link a request to the product that answers it: its address then waits for that product (issue 36).
export const PATCH = route(async (context) => {
  await requireAdmin(context, "item-requests");
  const { productId } = await readJson(context.request, ItemRequestLink);
  await context.locals.app.stockAlerts.linkItemRequest({ itemRequestId: param(context, "id"), productId });
  return json({ linked: true });
});
