import { requireAdmin } from "#server/guards.ts";
import { noContent, readJson, route } from "#server/http.ts";
import { ProductsReorder } from "#server/schemas/catalogue-admin.schemas.ts";

export const POST = route(async (context) => {
  const admin = await requireAdmin(context, "catalogue");
  const { app } = context.locals;
  const { productIds } = await readJson(context.request, ProductsReorder);
  await app.catalogue.reorderProducts(productIds, admin);
  return noContent();
});
