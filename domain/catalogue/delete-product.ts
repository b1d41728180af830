import type { CatalogueAdminDeps } from "./catalogue-admin-repositories.port.ts";
import { productNotFound } from "./catalogue.errors.ts";

/** Removes a product from the catalogue. Past orders keep their own copy of its name and price. Unknown id: 404. */
export async function deleteProduct(id: string, deps: Pick<CatalogueAdminDeps, "unitOfWork">): Promise<void> {
  await deps.unitOfWork.run(async ({ products }) => {
    if (!(await products.findById(id))) throw productNotFound();
    await products.remove(id);
  });
}
