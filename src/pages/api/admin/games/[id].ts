import { deleteGame } from "../../../../../domain/catalog/delete-game.ts";
import { updateGame } from "../../../../../domain/catalog/update-game.ts";
import { gameJson } from "../../../../server/catalog-json.ts";
import { requireAdmin } from "../../../../server/guards.ts";
import { json, noContent, param, readJson, route } from "../../../../server/http.ts";
import { GamePatch } from "../../../../server/schemas/catalog-admin.schemas.ts";

export const PATCH = route(async (context) => {
  await requireAdmin(context);
  const changes = await readJson(context.request, GamePatch);
  return json(gameJson(await updateGame(param(context, "id"), changes, { unitOfWork: context.locals.app.catalogAdmin })));
});

export const DELETE = route(async (context) => {
  await requireAdmin(context);
  await deleteGame(param(context, "id"), { unitOfWork: context.locals.app.catalogAdmin });
  return noContent();
});
