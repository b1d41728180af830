import type { Game } from "./game.ts";

/** Stored games. */
export interface GameRepository {
  /** The game with this slug, or null when there is none. */
  findBySlug(slug: string): Promise<Game | null>;
  /** Stores a new game; a second game with the same slug is refused by the database. */
  add(game: Game): Promise<void>;
}
