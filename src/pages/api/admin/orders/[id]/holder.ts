import { requireAdmin } from "#server/guards.ts";
import { json, param, readJson, route } from "#server/http.ts";
import { OrderHolderRequest } from "#server/schemas/holders.schemas.ts";

// Staff give an order another holder before delivery starts (its own is lost, or another is online): audited.
export const POST = route(async (context) => {
  const admin = await requireAdmin(context, "catalogue");
  const { holderId } = await readJson(context.request, OrderHolderRequest);
  const answer = await context.locals.app.ordering.reassignOrderHolder({ orderId: param(context, "id"), holderId }, admin);
  return json(answer);
});
