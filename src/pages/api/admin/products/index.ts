import { createProduct } from "../../../../../domain/catalog/create-product.ts";
import { productJson } from "../../../../server/catalog-json.ts";
import { requireAdmin } from "../../../../server/guards.ts";
import { json, readJson, route } from "../../../../server/http.ts";
import { ProductCreate } from "../../../../server/schemas/catalog-admin.schemas.ts";

export const POST = route(async (context) => {
  await requireAdmin(context);
  const { app } = context.locals;
  const product = await createProduct(await readJson(context.request, ProductCreate), { unitOfWork: app.catalogAdmin, ids: app.ids });
  return json(productJson(product), 201);
});
