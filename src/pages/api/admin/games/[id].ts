import { deleteGame } from "../../../../../domain/catalog/delete-game.ts";
import { updateGame } from "../../../../../domain/catalog/update-game.ts";
import { gameJson } from "../../../../server/catalog-json.ts";
import { audited } from "../../../../server/audit.ts";
import { requireAdmin } from "../../../../server/guards.ts";
import { json, noContent, param, readJson, route } from "../../../../server/http.ts";
import { GamePatch } from "../../../../server/schemas/catalog-admin.schemas.ts";

export const PATCH = route(async (context) => {
  const admin = await requireAdmin(context, "catalogue");
  const { app } = context.locals;
  const changes = await readJson(context.request, GamePatch);
  return json(gameJson(await updateGame(param(context, "id"), changes, { unitOfWork: audited(app, admin, app.catalogAdmin, "game.update", param(context, "id"), (r, id) => r.games.findById(id)) })));
});

export const DELETE = route(async (context) => {
  const admin = await requireAdmin(context, "catalogue");
  const { app } = context.locals;
  await deleteGame(param(context, "id"), { unitOfWork: audited(app, admin, app.catalogAdmin, "game.delete", param(context, "id"), (r, id) => r.games.findById(id)) });
  return noContent();
});
