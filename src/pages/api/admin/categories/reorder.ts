import { adminCommand } from "#server/admin-route.ts";
import { CategoriesReorder } from "#server/schemas/catalogue-admin.schemas.ts";

export const POST = adminCommand("catalogue", CategoriesReorder, (app, { categoryIds }, admin) => app.catalogue.reorderCategories(categoryIds, admin));
