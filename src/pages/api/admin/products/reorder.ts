import { reorderProducts } from "../../../../../domain/catalog/reorder-products.ts";
import { requireAdmin } from "../../../../server/guards.ts";
import { noContent, readJson, route } from "../../../../server/http.ts";
import { ProductsReorder } from "../../../../server/schemas/catalog-admin.schemas.ts";

export const POST = route(async (context) => {
  await requireAdmin(context);
  const { productIds } = await readJson(context.request, ProductsReorder);
  await reorderProducts(productIds, { unitOfWork: context.locals.app.catalogAdmin });
  return noContent();
});
