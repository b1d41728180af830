import { categoryJson } from "#server/catalogue-json.ts";
import { requireAdmin } from "#server/guards.ts";
import { json, readJson, route } from "#server/http.ts";
import { CategoryCreate } from "#server/schemas/catalogue-admin.schemas.ts";

export const POST = route(async (context) => {
  const admin = await requireAdmin(context, "catalogue");
  const { app } = context.locals;
  const { gameId, name } = await readJson(context.request, CategoryCreate);
  return json(categoryJson(await app.catalogue.addCategory({ gameId, name }, admin)), 201);
});
