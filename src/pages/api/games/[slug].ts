import { gameNotFound } from "#domain/catalogue/catalogue.errors.ts";
import { findGameBySlug } from "#read-models/storefront/catalogue.queries.ts";
import { json, param, route } from "#server/http.ts";

export const GET = route(async (context) => {
  const game = await findGameBySlug(context.locals.app.db, param(context, "slug"));
  if (!game) throw gameNotFound();
  return json(game);
});
