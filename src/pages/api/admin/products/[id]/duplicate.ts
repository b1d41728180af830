import { productJson } from "#server/catalogue-json.ts";
import { requireAdmin } from "#server/guards.ts";
import { json, param, route } from "#server/http.ts";

export const POST = route(async (context) => {
  const admin = await requireAdmin(context, "catalogue");
  const { app } = context.locals;
  return json(productJson(await app.catalogue.duplicateProduct(param(context, "id"), admin)), 201);
});
