import type { Product } from "./product.ts";
import type { ProductRepository } from "./product-repository.port.ts";

/** Products as the administrator's use cases read and change them. */
export interface ProductAdminRepository extends ProductRepository {
  /** The product with this id, or null when there is none. */
  findById(id: string): Promise<Product | null>;
  /** Stores new field values for an existing product (matched by id; an unknown id changes nothing). */
  update(product: Product): Promise<void>;
  /**
   * Removes the product; an unknown id does nothing. Past orders are not affected: they keep their
   * own copy of each item's name and price.
   */
  remove(id: string): Promise<void>;
  /** Moves a game's products from the category named `from` to the one named `to` (a rename). */
  renameCategory(gameId: string, from: string, to: string): Promise<void>;
  /** How many products a game has; with `category`, only those in the category of exactly that name. */
  count(filter: { gameId: string; category?: string }): Promise<number>;
  /** The position after a game's last product: its highest displayOrder + 1, or 0 for a game without products. */
  nextDisplayOrder(gameId: string): Promise<number>;
  /** The distinct games these products belong to; unknown ids are skipped, [] for none. */
  gameIdsOf(productIds: readonly string[]): Promise<string[]>;
  /** The ids of every product of these games, in no particular order; [] for no games. */
  listIdsInGames(gameIds: readonly string[]): Promise<string[]>;
  /** Gives each listed product its index in the list as displayOrder; unknown ids are skipped. */
  setDisplayOrders(idsInOrder: readonly string[]): Promise<void>;
}
