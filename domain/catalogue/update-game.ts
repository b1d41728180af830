import type { CatalogueAdminDeps } from "./catalogue-admin-repositories.port.ts";
import { gameNotFound, slugTaken } from "./catalogue.errors.ts";
import { checkGameFields, type Game, type GameFields } from "./game.ts";

/**
 * Changes the given fields of a game (fields left out keep their value) with the same rules as
 * creating one. Its products, categories and position are untouched. Unknown id: 404.
 */
export async function updateGame(id: string, changes: Partial<GameFields>, deps: Pick<CatalogueAdminDeps, "unitOfWork">): Promise<Game> {
  return deps.unitOfWork.run(async ({ games }) => {
    const game = await games.findById(id);
    if (!game) throw gameNotFound();
    const checked = checkGameFields({ ...game, ...changes });
    if (checked.slug !== game.slug) {
      const other = await games.findBySlug(checked.slug);
      if (other && other.id !== id) throw slugTaken(checked.slug);
    }
    const updated: Game = { ...game, ...checked };
    await games.update(updated);
    return updated;
  });
}
