import { deleteProduct } from "../../../../../domain/catalog/delete-product.ts";
import { updateProduct } from "../../../../../domain/catalog/update-product.ts";
import { productJson } from "../../../../server/catalog-json.ts";
import { requireAdmin } from "../../../../server/guards.ts";
import { json, noContent, param, readJson, route } from "../../../../server/http.ts";
import { ProductPatch } from "../../../../server/schemas/catalog-admin.schemas.ts";

export const PATCH = route(async (context) => {
  await requireAdmin(context);
  const changes = await readJson(context.request, ProductPatch);
  return json(productJson(await updateProduct(param(context, "id"), changes, { unitOfWork: context.locals.app.catalogAdmin })));
});

export const DELETE = route(async (context) => {
  await requireAdmin(context);
  await deleteProduct(param(context, "id"), { unitOfWork: context.locals.app.catalogAdmin });
  return noContent();
});
