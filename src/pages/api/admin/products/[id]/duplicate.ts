import { duplicateProduct } from "../../../../../../domain/catalog/duplicate-product.ts";
import { productJson } from "../../../../../server/catalog-json.ts";
import { audited, createdId } from "../../../../../server/audit.ts";
import { requireAdmin } from "../../../../../server/guards.ts";
import { json, param, route } from "../../../../../server/http.ts";

export const POST = route(async (context) => {
  const admin = await requireAdmin(context, "catalogue");
  const { app } = context.locals;
  return json(productJson(await duplicateProduct(param(context, "id"), { unitOfWork: audited(app, admin, app.catalogAdmin, "product.duplicate", createdId, (r, id) => r.products.findById(id)), ids: app.ids })), 201);
});
