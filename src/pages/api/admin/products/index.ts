import { countAdminProducts, listAdminProducts } from "#read-models/storefront/catalogue.queries.ts";
import { productJson } from "#server/catalogue-json.ts";
import { requireAdmin } from "#server/guards.ts";
import { json, readJson, readQuery, route } from "#server/http.ts";
import { AdminProductsQuery } from "#server/schemas/admin-lists.schemas.ts";
import { ProductCreate } from "#server/schemas/catalogue-admin.schemas.ts";

// The admin panel's product list: like GET /api/products, but `stock` is the on-hand stock
// (products.stock), not what shoppers may buy (stock minus others' checkout holds), so the product
// editor shows and saves the real figure. Without a query, every product (the spec's answer); the
// panel's list filters by ?gameId=, ?q= and ?stock=in|low|out and pages with ?offset=&limit=, and
// X-Total-Count says how many products the filter finds.
export const GET = route(async (context) => {
  await requireAdmin(context, "catalogue");
  const { gameId, q, stock, offset, limit } = readQuery(context.url, AdminProductsQuery);
  const { db, clock } = context.locals.app;
  const now = clock.now();
  const filter = { gameId, search: q, stock };
  const [products, total] = await Promise.all([listAdminProducts(db, now, { ...filter, offset, limit }), countAdminProducts(db, now, filter)]);
  return json(products, 200, { "X-Total-Count": String(total) });
});

export const POST = route(async (context) => {
  const admin = await requireAdmin(context, "catalogue");
  const { app } = context.locals;
  const product = await app.catalogue.createProduct(await readJson(context.request, ProductCreate), admin);
  return json(productJson(product), 201);
});
