import { reorderGames } from "../../../../../domain/catalog/reorder-games.ts";
import { audited } from "../../../../server/audit.ts";
import { requireAdmin } from "../../../../server/guards.ts";
import { noContent, readJson, route } from "../../../../server/http.ts";
import { GamesReorder } from "../../../../server/schemas/catalog-admin.schemas.ts";

export const POST = route(async (context) => {
  const admin = await requireAdmin(context, "catalogue");
  const { app } = context.locals;
  const { gameIds } = await readJson(context.request, GamesReorder);
  await reorderGames(gameIds, { unitOfWork: audited(app, admin, app.catalogAdmin, "game.reorder", "games", (r) => r.games.listIdsInOrder()) });
  return noContent();
});
