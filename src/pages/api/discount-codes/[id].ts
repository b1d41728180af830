import { updateDiscountCode } from "../../../../domain/promotions/manage-discount-codes.ts";
import { toDiscountCodeView } from "../../../../read-models/shopping/discount-codes.queries.ts";
import { audited } from "../../../server/audit.ts";
import { requireAdmin } from "../../../server/guards.ts";
import { json, param, readJson, route } from "../../../server/http.ts";
import { DiscountUpdate } from "../../../server/schemas/shopping.schemas.ts";

export const PATCH = route(async (context) => {
  const admin = await requireAdmin(context, "discount-codes");
  const { app } = context.locals;
  const { amount, createdBy: _createdBy, usageCount: _usageCount, ...changes } = await readJson(context.request, DiscountUpdate);
  const code = await updateDiscountCode(
    { id: param(context, "id"), changes: { ...changes, ...(amount === undefined ? {} : { amountHundredths: amount }) } },
    { unitOfWork: audited(app, admin, app.shopping.promotions, "discount.update", param(context, "id"), (r, id) => r.discountCodes.byId(id)), clock: app.clock },
  );
  return json(toDiscountCodeView(code));
});
