import { adminCommand } from "#server/admin-route.ts";
import { GamesReorder } from "#server/schemas/catalogue-admin.schemas.ts";

export const POST = adminCommand("catalogue", GamesReorder, (app, { gameIds }, admin) => app.catalogue.reorderGames(gameIds, admin));
