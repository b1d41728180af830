import { checkReorder } from "../shared/reorder.ts";
import type { CatalogueAdminDeps } from "./catalogue-admin-repositories.port.ts";

/**
 * Puts the games in the given order (the first gets displayOrder 0). The list must name every game
 * exactly once, otherwise nothing changes (see checkReorder).
 */
export async function reorderGames(gameIds: readonly string[], deps: Pick<CatalogueAdminDeps, "unitOfWork">): Promise<void> {
  await deps.unitOfWork.run(async ({ games }) => {
    await games.setDisplayOrders(checkReorder(await games.listIdsInOrder(), gameIds, "games"));
  });
}
