import type { CatalogueAdminDeps } from "./catalogue-admin-repositories.port.ts";
import { gameHasProducts, gameNotFound } from "./catalogue.errors.ts";

/**
 * Removes a game and its categories. Refused (409) while the game still has products, so no
 * product is ever left without a game; the remaining games close the gap in their order. Unknown id: 404.
 */
export async function deleteGame(id: string, deps: Pick<CatalogueAdminDeps, "unitOfWork">): Promise<void> {
  await deps.unitOfWork.run(async ({ games, products }) => {
    if (!(await games.findById(id))) throw gameNotFound();
    const count = await products.count({ gameId: id });
    if (count > 0) throw gameHasProducts(count);
    await games.remove(id);
    await games.setDisplayOrders(await games.listIdsInOrder());
  });
}
