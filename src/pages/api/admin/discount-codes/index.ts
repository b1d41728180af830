import { createDiscountCode } from "../../../../../domain/promotions/manage-discount-codes.ts";
import { toDiscountCodeView } from "../../../../../read-models/shopping/discount-codes.queries.ts";
import { audited, createdId } from "../../../../server/audit.ts";
import { requireAdmin } from "../../../../server/guards.ts";
import { json, readJson, route } from "../../../../server/http.ts";
import { DiscountCreate } from "../../../../server/schemas/shopping.schemas.ts";

export const POST = route(async (context) => {
  const admin = await requireAdmin(context, "discount-codes");
  const { app } = context.locals;
  const { amount, createdBy: _ignored, ...input } = await readJson(context.request, DiscountCreate);
  const code = await createDiscountCode(
    { ...input, amountHundredths: amount, createdBy: admin.email },
    { unitOfWork: audited(app, admin, app.shopping.promotions, "discount.create", createdId, (r, id) => r.discountCodes.byId(id)), clock: app.clock, ids: app.ids },
  );
  return json(toDiscountCodeView(code), 201);
});
