import { requireAdmin } from "#server/guards.ts";
import { noContent, readJson, route } from "#server/http.ts";
import { GamesReorder } from "#server/schemas/catalogue-admin.schemas.ts";

export const POST = route(async (context) => {
  const admin = await requireAdmin(context, "catalogue");
  const { app } = context.locals;
  const { gameIds } = await readJson(context.request, GamesReorder);
  await app.catalogue.reorderGames(gameIds, admin);
  return noContent();
});
