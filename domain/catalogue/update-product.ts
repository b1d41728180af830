import type { CatalogueAdminDeps } from "./catalogue-admin-repositories.port.ts";
import { productNotFound, unknownGame } from "./catalogue.errors.ts";
import { checkProductFields, type Product, type ProductFields } from "./product.ts";

/**
 * Changes the given fields of a product (fields left out keep their value) with the same rules as
 * creating one. Moved to another game, it goes to the end of that game's products. Past orders keep
 * the name and price they were placed with. Unknown id: 404.
 */
export async function updateProduct(id: string, changes: Partial<ProductFields>, deps: Pick<CatalogueAdminDeps, "unitOfWork">): Promise<Product> {
  return deps.unitOfWork.run(async ({ games, products }) => {
    const product = await products.findById(id);
    if (!product) throw productNotFound();
    const checked = checkProductFields({ ...product, ...changes });
    const moved = checked.gameId !== product.gameId;
    if (moved && !(await games.findById(checked.gameId))) throw unknownGame();
    const updated: Product = { ...product, ...checked, displayOrder: moved ? await products.nextDisplayOrder(checked.gameId) : product.displayOrder };
    await products.update(updated);
    return updated;
  });
}
