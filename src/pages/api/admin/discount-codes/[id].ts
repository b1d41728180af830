import { deleteDiscountCode } from "../../../../../domain/promotions/manage-discount-codes.ts";
import { audited } from "../../../../server/audit.ts";
import { requireAdmin } from "../../../../server/guards.ts";
import { noContent, param, route } from "../../../../server/http.ts";

export const DELETE = route(async (context) => {
  const admin = await requireAdmin(context, "discount-codes");
  const { app } = context.locals;
  const id = param(context, "id");
  await deleteDiscountCode({ id }, { unitOfWork: audited(app, admin, app.shopping.promotions, "discount.delete", id, (r, id) => r.discountCodes.byId(id)) });
  return noContent();
});
