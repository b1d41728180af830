import { adminCommand } from "#server/admin-route.ts";
import { ProductsReorder } from "#server/schemas/catalogue-admin.schemas.ts";

export const POST = adminCommand("catalogue", ProductsReorder, (app, { productIds }, admin) => app.catalogue.reorderProducts(productIds, admin));
