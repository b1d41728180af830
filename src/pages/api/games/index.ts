import { listGames } from "#read-models/storefront/catalogue.queries.ts";
import { json, route } from "#server/http.ts";

export const GET = route(async ({ locals }) => json(await listGames(locals.app.db)));
