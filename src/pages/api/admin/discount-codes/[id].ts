import { requireAdmin } from "#server/guards.ts";
import { noContent, param, route } from "#server/http.ts";

export const DELETE = route(async (context) => {
  const admin = await requireAdmin(context, "discount-codes");
  await context.locals.app.promotions.deleteDiscountCode({ id: param(context, "id") }, admin);
  return noContent();
});
