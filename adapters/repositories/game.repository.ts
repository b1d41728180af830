import type { Game } from "#domain/catalogue/game.ts";
import type { GameRepository } from "#domain/catalogue/game-repository.port.ts";
import type { Clock } from "#domain/shared/clock.port.ts";
import type { Tx } from "../db/database.ts";

export function createGameRepository(db: Tx, clock: Clock): GameRepository {
  return {
    async findBySlug(slug) {
      const row = await db
        .selectFrom("games")
        .select(["id", "slug", "name", "description", "thumbnail", "displayOrder"])
        .where("slug", "=", slug)
        .executeTakeFirst();
      return row ?? null;
    },
    async add(game: Game) {
      await db
        .insertInto("games")
        .values({ ...game, createdAt: clock.now().toISOString() })
        .execute();
    },
  };
}
