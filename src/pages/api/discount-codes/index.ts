import { listDiscountCodes } from "#read-models/shopping/discount-codes.queries.ts";
import { requireAdmin } from "#server/guards.ts";
import { json, route } from "#server/http.ts";

// The admin panel's Discounts list (admins only: codes are not for shoppers to browse).
export const GET = route(async (context) => {
  await requireAdmin(context, "discount-codes");
  return json(await listDiscountCodes(context.locals.app.db));
});
