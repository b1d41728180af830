import { requireAdmin } from "#server/guards.ts";
import { json, param, readJson, route } from "#server/http.ts";
import { PrivateServerBody } from "#server/schemas/shopping.schemas.ts";

// Staff give an open order the private server it is delivered in ({ url } or { url: null });
// the order's owner and staff see it on the order, nobody else.
export const PUT = route(async (context) => {
  const staff = await requireAdmin(context, "orders");
  const orderId = param(context, "id");
  const { url } = await readJson(context.request, PrivateServerBody);
  await context.locals.app.ordering.setPrivateServerLink({ orderId, url }, staff);
  return json({ privateServerUrl: url });
});
