import { createProduct } from "../../../../../domain/catalog/create-product.ts";
import { productJson } from "../../../../server/catalog-json.ts";
import { audited, createdId } from "../../../../server/audit.ts";
import { requireAdmin } from "../../../../server/guards.ts";
import { json, readJson, route } from "../../../../server/http.ts";
import { ProductCreate } from "../../../../server/schemas/catalog-admin.schemas.ts";

export const POST = route(async (context) => {
  const admin = await requireAdmin(context);
  const { app } = context.locals;
  const product = await createProduct(await readJson(context.request, ProductCreate), { unitOfWork: audited(app, admin, app.catalogAdmin, "product.create", createdId, (r, id) => r.products.findById(id)), ids: app.ids });
  return json(productJson(product), 201);
});
