import { categoryJson } from "#server/catalogue-json.ts";
import { requireAdmin } from "#server/guards.ts";
import { json, noContent, param, readJson, route } from "#server/http.ts";
import { CategoryRename } from "#server/schemas/catalogue-admin.schemas.ts";

// Renames the category and moves its products with it (CONTRIBUTING.md's worked example).
export const PATCH = route(async (context) => {
  const admin = await requireAdmin(context, "catalogue");
  const { name } = await readJson(context.request, CategoryRename);
  return json(categoryJson(await context.locals.app.catalogue.renameCategory(param(context, "id"), name, admin)));
});

export const DELETE = route(async (context) => {
  const admin = await requireAdmin(context, "catalogue");
  await context.locals.app.catalogue.deleteCategory(param(context, "id"), admin);
  return noContent();
});
