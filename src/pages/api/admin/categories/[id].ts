import { deleteCategory } from "../../../../../domain/catalog/delete-category.ts";
import { requireAdmin } from "../../../../server/guards.ts";
import { noContent, param, route } from "../../../../server/http.ts";

export const DELETE = route(async (context) => {
  await requireAdmin(context);
  await deleteCategory(param(context, "id"), { unitOfWork: context.locals.app.catalogAdmin });
  return noContent();
});
