import type { CatalogueAdminDeps } from "./catalogue-admin-repositories.port.ts";
import { categoryHasProducts, categoryNotFound } from "./catalogue.errors.ts";

/**
 * Removes a category from its game. Refused (409) while products of that game are in it, so no
 * product drops out of its game page's category chips; the remaining categories close the gap,
 * which keeps "a new category's displayOrder is the count" true. Unknown id: 404.
 */
export async function deleteCategory(id: string, deps: Pick<CatalogueAdminDeps, "unitOfWork">): Promise<void> {
  await deps.unitOfWork.run(async ({ categories, products }) => {
    const category = await categories.findById(id);
    if (!category) throw categoryNotFound();
    const count = await products.count({ gameId: category.gameId, category: category.name });
    if (count > 0) throw categoryHasProducts(count);
    await categories.remove(id);
    await categories.setDisplayOrders((await categories.listByGame(category.gameId)).map((c) => c.id));
  });
}
