import type { CatalogueAdminDeps } from "./catalogue-admin-repositories.port.ts";
import { categoryExists, categoryNameRequired, unknownGame } from "./catalogue.errors.ts";
import { hasCategoryNamed, normalizeCategoryName, type Category } from "./category.ts";

/**
 * Adds a category at the end of a game's categories: the name trimmed and non-empty, not already
 * used in that game (ignoring case; 409), and its displayOrder the number of categories the game
 * had (admin-panel.md 9). The server decides the position, whatever a client proposes.
 */
export async function addCategory(input: { gameId: string; name: string }, deps: CatalogueAdminDeps): Promise<Category> {
  const name = normalizeCategoryName(input.name);
  if (name === "") throw categoryNameRequired();
  return deps.unitOfWork.run(async ({ games, categories }) => {
    if (!(await games.findById(input.gameId))) throw unknownGame();
    const existing = await categories.listByGame(input.gameId);
    if (hasCategoryNamed(existing, name)) throw categoryExists(name);
    const category: Category = { id: deps.ids.newId(), gameId: input.gameId, name, displayOrder: existing.length };
    await categories.add(category);
    return category;
  });
}
