import { adminItemRoutes } from "#server/admin-route.ts";
import { gameJson } from "#server/catalogue-json.ts";
import { GamePatch } from "#server/schemas/catalogue-admin.schemas.ts";

const routes = adminItemRoutes("catalogue", {
  patch: GamePatch,
  update: async (app, id, changes, admin) => gameJson(await app.catalogue.updateGame(id, changes, admin)),
  remove: (app, id, admin) => app.catalogue.deleteGame(id, admin),
});

export const PATCH = routes.PATCH;
export const DELETE = routes.DELETE;
