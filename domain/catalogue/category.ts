/** A group of a game's products (e.g. "Fruits", "Gamepasses"); names are unique within a game. */
export interface Category {
  id: string;
  gameId: string;
  name: string;
  displayOrder: number;
}

/** The name as stored: surrounding spaces removed (admin-panel.md 5, "the name is trimmed"). */
export function normalizeCategoryName(name: string): string {
  return name.trim();
}

/**
 * Whether a game already has a category of this name. Compared without regard to case, so "Pets"
 * and "pets" never show as two chips on the game's page.
 */
export function hasCategoryNamed(categories: readonly Pick<Category, "name">[], name: string): boolean {
  const wanted = normalizeCategoryName(name).toLowerCase();
  return categories.some((c) => c.name.toLowerCase() === wanted);
}
