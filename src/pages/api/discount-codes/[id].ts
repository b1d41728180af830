import { toDiscountCodeView } from "#read-models/shopping/discount-codes.queries.ts";
import { requireAdmin } from "#server/guards.ts";
import { json, param, readJson, route } from "#server/http.ts";
import { DiscountUpdate } from "#server/schemas/shopping.schemas.ts";

export const PATCH = route(async (context) => {
  const admin = await requireAdmin(context, "discount-codes");
  const { app } = context.locals;
  const { amount, createdBy: _createdBy, usageCount: _usageCount, ...changes } = await readJson(context.request, DiscountUpdate);
  const code = await app.promotions.updateDiscountCode(
    { id: param(context, "id"), changes: { ...changes, ...(amount === undefined ? {} : { amountHundredths: amount }) } },
    admin,
  );
  return json(toDiscountCodeView(code));
});
