import { reorderCategories } from "../../../../../domain/catalog/reorder-categories.ts";
import { requireAdmin } from "../../../../server/guards.ts";
import { noContent, readJson, route } from "../../../../server/http.ts";
import { CategoriesReorder } from "../../../../server/schemas/catalog-admin.schemas.ts";

export const POST = route(async (context) => {
  await requireAdmin(context);
  const { categoryIds } = await readJson(context.request, CategoriesReorder);
  await reorderCategories(categoryIds, { unitOfWork: context.locals.app.catalogAdmin });
  return noContent();
});
