import type { CategoryView } from "#read-models/storefront/catalogue.views.ts";
import { api, errorMessage } from "#src/lib/api-client.ts";
import type { CategoryItem } from "./CategoryManager.tsx";

/**
 * Makes a game's saved categories what the form's draft says: deletes the removed ones, renames the
 * renamed ones (before adding, so a new category may take a name a rename gave up), adds the new
 * ones (ids starting "new-"), then sends the final order. Answers the names that could not be changed.
 */
export async function applyCategories(gameId: string, savedCategories: readonly CategoryView[], wanted: readonly CategoryItem[]): Promise<string[]> {
  const failed: string[] = [];
  const before = savedCategories.map((c) => c.id);
  for (const category of savedCategories) {
    if (wanted.some((c) => c.id === category.id)) continue;
    await api
      .delete(`/api/admin/categories/${encodeURIComponent(category.id)}`)
      .catch((error: unknown) => failed.push(`${category.name} (${errorMessage(error, "not deleted")})`));
  }
  for (const category of wanted) {
    const saved = savedCategories.find((c) => c.id === category.id);
    if (!saved || saved.name === category.name) continue;
    await api
      .patch(`/api/admin/categories/${encodeURIComponent(category.id)}`, { name: category.name })
      .catch((error: unknown) => failed.push(`${saved.name} (${errorMessage(error, "not renamed")})`));
  }
  const finalIds: string[] = [];
  for (const [index, category] of wanted.entries()) {
    if (!category.id.startsWith("new-")) {
      finalIds.push(category.id);
      continue;
    }
    try {
      finalIds.push((await api.post<CategoryView>("/api/admin/categories", { gameId, name: category.name, displayOrder: index })).id);
    } catch {
      failed.push(category.name);
    }
  }
  const kept = before.filter((cid) => finalIds.includes(cid));
  const moved = finalIds.filter((cid) => before.includes(cid)).some((cid, i) => kept[i] !== cid);
  const added = finalIds.length > kept.length;
  if ((moved || (added && kept.length > 0)) && finalIds.length > 0) {
    await api.post("/api/admin/categories/reorder", { categoryIds: finalIds }).catch(() => failed.push("the new order"));
  }
  return failed;
}
