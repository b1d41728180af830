import { toDiscountCodeView } from "#read-models/shopping/discount-codes.queries.ts";
import { requireAdmin } from "#server/guards.ts";
import { json, readJson, route } from "#server/http.ts";
import { DiscountCreate } from "#server/schemas/shopping.schemas.ts";

export const POST = route(async (context) => {
  const admin = await requireAdmin(context, "discount-codes");
  const { app } = context.locals;
  const { amount, createdBy: _ignored, ...input } = await readJson(context.request, DiscountCreate);
  const code = await app.promotions.createDiscountCode({ ...input, amountHundredths: amount }, admin);
  return json(toDiscountCodeView(code), 201);
});
