import { addCategory } from "../../../../../domain/catalog/add-category.ts";
import { categoryJson } from "../../../../server/catalog-json.ts";
import { audited, createdId } from "../../../../server/audit.ts";
import { requireAdmin } from "../../../../server/guards.ts";
import { json, readJson, route } from "../../../../server/http.ts";
import { CategoryCreate } from "../../../../server/schemas/catalog-admin.schemas.ts";

export const POST = route(async (context) => {
  const admin = await requireAdmin(context, "catalogue");
  const { app } = context.locals;
  const { gameId, name } = await readJson(context.request, CategoryCreate);
  return json(categoryJson(await addCategory({ gameId, name }, { unitOfWork: audited(app, admin, app.catalogAdmin, "category.create", createdId, (r, id) => r.categories.findById(id)), ids: app.ids })), 201);
});
