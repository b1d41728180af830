import { listCategories } from "#read-models/storefront/catalogue.queries.ts";
import { json, readQuery, route } from "#server/http.ts";
import { CategoriesQuery } from "#server/schemas/catalogue.schemas.ts";

export const GET = route(async ({ url, locals }) => {
  const { gameId } = readQuery(url, CategoriesQuery);
  return json(await listCategories(locals.app.db, gameId));
});
