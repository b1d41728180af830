import type { CatalogueAdminDeps } from "./catalogue-admin-repositories.port.ts";
import { categoryExists, categoryNameRequired, categoryNotFound } from "./catalogue.errors.ts";
import { hasCategoryNamed, normalizeCategoryName, type Category } from "./category.ts";

/**
 * Gives a category a new name, and its products with it in the same transaction: a product names
 * its category by text, so renaming only the category would take its products off the game page's
 * chip. The name is trimmed, non-empty and not another category's of that game (ignoring case, 409);
 * a change of case alone ("pets" to "Pets") is allowed. Unknown id: 404.
 */
export async function renameCategory(id: string, newName: string, deps: Pick<CatalogueAdminDeps, "unitOfWork">): Promise<Category> {
  const name = normalizeCategoryName(newName);
  if (name === "") throw categoryNameRequired();
  return deps.unitOfWork.run(async ({ categories, products }) => {
    const category = await categories.findById(id);
    if (!category) throw categoryNotFound();
    if (category.name === name) return category;
    const others = (await categories.listByGame(category.gameId)).filter((c) => c.id !== id);
    if (hasCategoryNamed(others, name)) throw categoryExists(name);
    await categories.rename(id, name);
    await products.renameCategory(category.gameId, category.name, name);
    return { ...category, name };
  });
}
