import { productJson } from "#server/catalogue-json.ts";
import { requireAdmin } from "#server/guards.ts";
import { json, noContent, param, readJson, route } from "#server/http.ts";
import { ProductPatch } from "#server/schemas/catalogue-admin.schemas.ts";

export const PATCH = route(async (context) => {
  const admin = await requireAdmin(context, "catalogue");
  const { app } = context.locals;
  const changes = await readJson(context.request, ProductPatch);
  return json(productJson(await app.catalogue.updateProduct(param(context, "id"), changes, admin)));
});

export const DELETE = route(async (context) => {
  const admin = await requireAdmin(context, "catalogue");
  const { app } = context.locals;
  await app.catalogue.deleteProduct(param(context, "id"), admin);
  return noContent();
});
