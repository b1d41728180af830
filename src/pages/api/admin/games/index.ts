import { createGame } from "../../../../../domain/catalog/create-game.ts";
import { gameJson } from "../../../../server/catalog-json.ts";
import { audited, createdId } from "../../../../server/audit.ts";
import { requireAdmin } from "../../../../server/guards.ts";
import { json, readJson, route } from "../../../../server/http.ts";
import { GameCreate } from "../../../../server/schemas/catalog-admin.schemas.ts";

export const POST = route(async (context) => {
  const admin = await requireAdmin(context, "catalogue");
  const { app } = context.locals;
  const game = await createGame(await readJson(context.request, GameCreate), { unitOfWork: audited(app, admin, app.catalogAdmin, "game.create", createdId, (r, id) => r.games.findById(id)), ids: app.ids });
  return json(gameJson(game), 201);
});
