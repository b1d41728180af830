import { requireAdmin } from "#server/guards.ts";
import { noContent, readJson, route } from "#server/http.ts";
import { CategoriesReorder } from "#server/schemas/catalogue-admin.schemas.ts";

export const POST = route(async (context) => {
  const admin = await requireAdmin(context, "catalogue");
  const { app } = context.locals;
  const { categoryIds } = await readJson(context.request, CategoriesReorder);
  await app.catalogue.reorderCategories(categoryIds, admin);
  return noContent();
});
