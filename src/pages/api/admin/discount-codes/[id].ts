import { deleteDiscountCode } from "../../../../../domain/promotions/manage-discount-codes.ts";
import { requireAdmin } from "../../../../server/guards.ts";
import { noContent, param, route } from "../../../../server/http.ts";

export const DELETE = route(async (context) => {
  await requireAdmin(context);
  await deleteDiscountCode({ id: param(context, "id") }, { unitOfWork: context.locals.app.shopping.promotions });
  return noContent();
});
