import type { Category } from "./category.ts";

/** Stored categories of games. */
export interface CategoryRepository {
  /** Stores a new category; a duplicate name within one game is refused by the database. */
  add(category: Category): Promise<void>;
}
