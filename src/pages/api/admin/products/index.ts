import { createProduct } from "../../../../../domain/catalog/create-product.ts";
import { listProducts } from "../../../../../read-models/storefront/catalog.queries.ts";
import { productJson } from "../../../../server/catalog-json.ts";
import { audited, createdId } from "../../../../server/audit.ts";
import { requireAdmin } from "../../../../server/guards.ts";
import { json, readJson, route } from "../../../../server/http.ts";
import { ProductCreate } from "../../../../server/schemas/catalog-admin.schemas.ts";

// The admin panel's product list: like GET /api/products, but `stock` is the on-hand stock
// (products.stock), not what shoppers may buy (stock minus others' checkout holds), so the product
// editor shows and saves the real figure.
export const GET = route(async (context) => {
  await requireAdmin(context, "catalogue");
  return json(await listProducts(context.locals.app.db, context.locals.app.clock.now(), { stock: "on_hand" }));
});

export const POST = route(async (context) => {
  const admin = await requireAdmin(context, "catalogue");
  const { app } = context.locals;
  const product = await createProduct(await readJson(context.request, ProductCreate), { unitOfWork: audited(app, admin, app.catalogAdmin, "product.create", createdId, (r, id) => r.products.findById(id)), ids: app.ids });
  return json(productJson(product), 201);
});
