import type { CatalogueAdminDeps } from "./catalogue-admin-repositories.port.ts";
import { productNotFound } from "./catalogue.errors.ts";
import { duplicateName, type Product } from "./product.ts";

/** Copies a product (every field, the name marked "(Copy)") to the end of its game's products. Unknown id: 404. */
export async function duplicateProduct(id: string, deps: CatalogueAdminDeps): Promise<Product> {
  return deps.unitOfWork.run(async ({ products }) => {
    const original = await products.findById(id);
    if (!original) throw productNotFound();
    const copy: Product = {
      ...original,
      id: deps.ids.newId(),
      name: duplicateName(original.name),
      displayOrder: await products.nextDisplayOrder(original.gameId),
    };
    await products.add(copy);
    return copy;
  });
}
