import { listProducts } from "#read-models/storefront/catalogue.queries.ts";
import { json, readQuery, route } from "#server/http.ts";
import { ProductsQuery } from "#server/schemas/catalogue.schemas.ts";

export const GET = route(async ({ url, locals }) => {
  const query = readQuery(url, ProductsQuery);
  return json(await listProducts(locals.app.db, locals.app.clock.now(), { gameId: query.gameId, featured: query.featured === "true" }));
});
