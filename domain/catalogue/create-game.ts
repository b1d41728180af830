import type { CatalogueAdminDeps } from "./catalogue-admin-repositories.port.ts";
import { slugTaken } from "./catalogue.errors.ts";
import { checkGameFields, type Game, type GameFields } from "./game.ts";

/**
 * Adds a game at the end of the list. Name and slug are required, the slug URL-safe and unique
 * (409 when taken, also when two administrators race for it); no logo gives the placeholder picture.
 */
export async function createGame(fields: GameFields, deps: CatalogueAdminDeps): Promise<Game> {
  const checked = checkGameFields(fields);
  return deps.unitOfWork.run(async ({ games }) => {
    if (await games.findBySlug(checked.slug)) throw slugTaken(checked.slug);
    const game: Game = { id: deps.ids.newId(), ...checked, displayOrder: (await games.listIdsInOrder()).length };
    await games.add(game);
    return game;
  });
}
