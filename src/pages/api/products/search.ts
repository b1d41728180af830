import { searchProducts } from "#read-models/storefront/catalogue.queries.ts";
import { json, readQuery, route } from "#server/http.ts";
import { SearchQuery } from "#server/schemas/catalogue.schemas.ts";

export const GET = route(async ({ url, locals }) => {
  const { q } = readQuery(url, SearchQuery);
  return json(await searchProducts(locals.app.db, q, locals.app.clock.now()));
});
