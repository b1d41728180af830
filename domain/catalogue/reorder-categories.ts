import { checkReorder } from "../shared/reorder.ts";
import type { CatalogueAdminDeps } from "./catalogue-admin-repositories.port.ts";

/**
 * Puts one game's categories in the given order. The game is the one the listed categories belong
 * to, and the list must name every category of it exactly once (categories of another game or
 * unknown ids make it not the current set): otherwise nothing changes.
 */
export async function reorderCategories(categoryIds: readonly string[], deps: Pick<CatalogueAdminDeps, "unitOfWork">): Promise<void> {
  await deps.unitOfWork.run(async ({ categories }) => {
    let current: string[] = [];
    for (const id of categoryIds) {
      const category = await categories.findById(id);
      if (category) {
        current = (await categories.listByGame(category.gameId)).map((c) => c.id);
        break;
      }
    }
    await categories.setDisplayOrders(checkReorder(current, categoryIds, "categories"));
  });
}
