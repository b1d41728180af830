import type { CatalogueAdminDeps } from "./catalogue-admin-repositories.port.ts";
import { unknownGame } from "./catalogue.errors.ts";
import { checkProductFields, type Product, type ProductFields } from "./product.ts";

/** Adds a product at the end of its game's products (see checkProductFields for the rules; unknown game: 400). */
export async function createProduct(fields: ProductFields, deps: CatalogueAdminDeps): Promise<Product> {
  const checked = checkProductFields(fields);
  return deps.unitOfWork.run(async ({ games, products }) => {
    if (!(await games.findById(checked.gameId))) throw unknownGame();
    const product: Product = { id: deps.ids.newId(), ...checked, displayOrder: await products.nextDisplayOrder(checked.gameId) };
    await products.add(product);
    return product;
  });
}
