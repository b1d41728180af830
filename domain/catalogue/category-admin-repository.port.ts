import type { Category } from "./category.ts";
import type { CategoryRepository } from "./category-repository.port.ts";

/** Categories as the administrator's use cases read and change them. */
export interface CategoryAdminRepository extends CategoryRepository {
  /** The category with this id, or null when there is none. */
  findById(id: string): Promise<Category | null>;
  /** A game's categories by displayOrder (then name); [] for a game without any or an unknown game. */
  listByGame(gameId: string): Promise<Category[]>;
  /** Gives the category a new name (already checked); an unknown id does nothing. */
  rename(id: string, name: string): Promise<void>;
  /** Removes the category; an unknown id does nothing. Products keep their category text. */
  remove(id: string): Promise<void>;
  /** Gives each listed category its index in the list as displayOrder; unknown ids are skipped. */
  setDisplayOrders(idsInOrder: readonly string[]): Promise<void>;
}
