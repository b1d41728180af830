import { adminItemRoutes } from "#server/admin-route.ts";
import { productJson } from "#server/catalogue-json.ts";
import { ProductPatch } from "#server/schemas/catalogue-admin.schemas.ts";

const routes = adminItemRoutes("catalogue", {
  patch: ProductPatch,
  update: async (app, id, changes, admin) => productJson(await app.catalogue.updateProduct(id, changes, admin)),
  remove: (app, id, admin) => app.catalogue.deleteProduct(id, admin),
});

export const PATCH = routes.PATCH;
export const DELETE = routes.DELETE;
