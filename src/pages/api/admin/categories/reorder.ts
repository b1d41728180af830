import { reorderCategories } from "../../../../../domain/catalog/reorder-categories.ts";
import { audited, displayOrders } from "../../../../server/audit.ts";
import { requireAdmin } from "../../../../server/guards.ts";
import { noContent, readJson, route } from "../../../../server/http.ts";
import { CategoriesReorder } from "../../../../server/schemas/catalog-admin.schemas.ts";

export const POST = route(async (context) => {
  const admin = await requireAdmin(context, "catalogue");
  const { app } = context.locals;
  const { categoryIds } = await readJson(context.request, CategoriesReorder);
  await reorderCategories(categoryIds, { unitOfWork: audited(app, admin, app.catalogAdmin, "category.reorder", "categories", (r) => displayOrders(categoryIds, (id) => r.categories.findById(id))) });
  return noContent();
});
