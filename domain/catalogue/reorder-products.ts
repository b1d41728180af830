import { checkReorder } from "../shared/reorder.ts";
import type { CatalogueAdminDeps } from "./catalogue-admin-repositories.port.ts";

/**
 * Ranks products: the first listed gets displayOrder 0. The list is one game's products (the panel
 * filtered to a game) or the whole catalogue (All Games); in general it must name every product of
 * every game it touches, each once, otherwise nothing changes. Each game's page then shows its
 * products in the listed order.
 */
export async function reorderProducts(productIds: readonly string[], deps: Pick<CatalogueAdminDeps, "unitOfWork">): Promise<void> {
  await deps.unitOfWork.run(async ({ products }) => {
    const current = await products.listIdsInGames(await products.gameIdsOf(productIds));
    await products.setDisplayOrders(checkReorder(current, productIds, "products"));
  });
}
