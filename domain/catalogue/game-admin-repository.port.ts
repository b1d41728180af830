import type { Game } from "./game.ts";
import type { GameRepository } from "./game-repository.port.ts";

/** Games as the administrator's use cases read and change them (the storefront reads through read models). */
export interface GameAdminRepository extends GameRepository {
  /** The game with this id, or null when there is none. */
  findById(id: string): Promise<Game | null>;
  /** The ids of all games by displayOrder (then name); [] in an empty store. */
  listIdsInOrder(): Promise<string[]>;
  /**
   * Stores new field values for an existing game (matched by id; an unknown id changes nothing).
   * A slug another game has is refused with a conflict, also when two updates race.
   */
  update(game: Game): Promise<void>;
  /**
   * Removes the game together with its categories. A game that still has products is refused by the
   * store (the use case checks first; this is the last line of defence). Removing an unknown id does nothing.
   */
  remove(id: string): Promise<void>;
  /** Gives each listed game its index in the list as displayOrder; unknown ids are skipped. */
  setDisplayOrders(idsInOrder: readonly string[]): Promise<void>;
}
