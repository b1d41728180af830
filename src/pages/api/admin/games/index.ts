import { gameJson } from "#server/catalogue-json.ts";
import { requireAdmin } from "#server/guards.ts";
import { json, readJson, route } from "#server/http.ts";
import { GameCreate } from "#server/schemas/catalogue-admin.schemas.ts";

export const POST = route(async (context) => {
  const admin = await requireAdmin(context, "catalogue");
  const { app } = context.locals;
  const game = await app.catalogue.createGame(await readJson(context.request, GameCreate), admin);
  return json(gameJson(game), 201);
});
