import { reorderProducts } from "../../../../../domain/catalog/reorder-products.ts";
import { audited, displayOrders } from "../../../../server/audit.ts";
import { requireAdmin } from "../../../../server/guards.ts";
import { noContent, readJson, route } from "../../../../server/http.ts";
import { ProductsReorder } from "../../../../server/schemas/catalog-admin.schemas.ts";

export const POST = route(async (context) => {
  const admin = await requireAdmin(context, "catalogue");
  const { app } = context.locals;
  const { productIds } = await readJson(context.request, ProductsReorder);
  await reorderProducts(productIds, { unitOfWork: audited(app, admin, app.catalogAdmin, "product.reorder", "products", (r) => displayOrders(productIds, (id) => r.products.findById(id))) });
  return noContent();
});
