import { deleteCategory } from "../../../../../domain/catalog/delete-category.ts";
import { audited } from "../../../../server/audit.ts";
import { requireAdmin } from "../../../../server/guards.ts";
import { noContent, param, route } from "../../../../server/http.ts";

export const DELETE = route(async (context) => {
  const admin = await requireAdmin(context, "catalogue");
  const { app } = context.locals;
  const id = param(context, "id");
  await deleteCategory(id, { unitOfWork: audited(app, admin, app.catalogAdmin, "category.delete", id, (r, id) => r.categories.findById(id)) });
  return noContent();
});
