import { deleteProduct } from "../../../../../domain/catalog/delete-product.ts";
import { updateProduct } from "../../../../../domain/catalog/update-product.ts";
import { productJson } from "../../../../server/catalog-json.ts";
import { audited } from "../../../../server/audit.ts";
import { requireAdmin } from "../../../../server/guards.ts";
import { json, noContent, param, readJson, route } from "../../../../server/http.ts";
import { ProductPatch } from "../../../../server/schemas/catalog-admin.schemas.ts";

export const PATCH = route(async (context) => {
  const admin = await requireAdmin(context, "catalogue");
  const { app } = context.locals;
  const changes = await readJson(context.request, ProductPatch);
  return json(productJson(await updateProduct(param(context, "id"), changes, { unitOfWork: audited(app, admin, app.catalogAdmin, "product.update", param(context, "id"), (r, id) => r.products.findById(id)) })));
});

export const DELETE = route(async (context) => {
  const admin = await requireAdmin(context, "catalogue");
  const { app } = context.locals;
  await deleteProduct(param(context, "id"), { unitOfWork: audited(app, admin, app.catalogAdmin, "product.delete", param(context, "id"), (r, id) => r.products.findById(id)) });
  return noContent();
});
