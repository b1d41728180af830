import { listProductPage } from "#read-models/storefront/product-pages.queries.ts";
import { json, readQuery, route } from "#server/http.ts";
import { ProductsQuery } from "#server/schemas/catalogue.schemas.ts";

// A page of products in the catalogue's order (issue 33): ?limit= (at most 100, the default) and
// ?offset=; X-Total-Count says how many products the filter finds.
export const GET = route(async ({ url, locals }) => {
  const query = readQuery(url, ProductsQuery);
  const filter = { gameId: query.gameId, featured: query.featured === "true" };
  const page = await listProductPage(locals.app.db, locals.app.clock.now(), filter, { offset: query.offset, limit: query.limit });
  return json(page.products, 200, { "X-Total-Count": String(page.total) });
});
