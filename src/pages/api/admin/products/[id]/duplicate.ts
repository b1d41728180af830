import { duplicateProduct } from "../../../../../../domain/catalog/duplicate-product.ts";
import { productJson } from "../../../../../server/catalog-json.ts";
import { requireAdmin } from "../../../../../server/guards.ts";
import { json, param, route } from "../../../../../server/http.ts";

export const POST = route(async (context) => {
  await requireAdmin(context);
  const { app } = context.locals;
  return json(productJson(await duplicateProduct(param(context, "id"), { unitOfWork: app.catalogAdmin, ids: app.ids })), 201);
});
