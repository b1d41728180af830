import { reorderGames } from "../../../../../domain/catalog/reorder-games.ts";
import { requireAdmin } from "../../../../server/guards.ts";
import { noContent, readJson, route } from "../../../../server/http.ts";
import { GamesReorder } from "../../../../server/schemas/catalog-admin.schemas.ts";

export const POST = route(async (context) => {
  await requireAdmin(context);
  const { gameIds } = await readJson(context.request, GamesReorder);
  await reorderGames(gameIds, { unitOfWork: context.locals.app.catalogAdmin });
  return noContent();
});
