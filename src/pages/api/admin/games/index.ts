import { createGame } from "../../../../../domain/catalog/create-game.ts";
import { gameJson } from "../../../../server/catalog-json.ts";
import { requireAdmin } from "../../../../server/guards.ts";
import { json, readJson, route } from "../../../../server/http.ts";
import { GameCreate } from "../../../../server/schemas/catalog-admin.schemas.ts";

export const POST = route(async (context) => {
  await requireAdmin(context);
  const { app } = context.locals;
  const game = await createGame(await readJson(context.request, GameCreate), { unitOfWork: app.catalogAdmin, ids: app.ids });
  return json(gameJson(game), 201);
});
