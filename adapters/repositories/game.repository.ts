import type { Game } from "#domain/catalogue/game.ts";
import type { GameRepository } from "#domain/catalogue/game-repository.port.ts";
import type { Clock } from "#domain/shared/clock.port.ts";
import type { Tx } from "../db/database.ts";
import type { GamesTable } from "../db/schema.ts";
import { deliveryMethodOf, requirementsColumn, requirementsOf } from "./requirements-columns.ts";
import type { Selectable } from "kysely";

export const GAME_COLUMNS = ["id", "slug", "name", "description", "thumbnail", "displayOrder", "requirements", "deliveryMethod"] as const;

/** A game as read from its row (requirements and delivery method decoded). */
export function gameOf(row: Pick<Selectable<GamesTable>, (typeof GAME_COLUMNS)[number]>): Game {
  return { ...row, requirements: requirementsOf(row.requirements), deliveryMethod: deliveryMethodOf(row.deliveryMethod) };
}

/** The requirements and delivery method as their columns keep them. */
export function termsColumns(terms: Pick<Game, "requirements" | "deliveryMethod">) {
  return { requirements: requirementsColumn(terms.requirements), deliveryMethod: terms.deliveryMethod };
}

export function createGameRepository(db: Tx, clock: Clock): GameRepository {
  return {
    async findBySlug(slug) {
      const row = await db.selectFrom("games").select(GAME_COLUMNS).where("slug", "=", slug).executeTakeFirst();
      return row ? gameOf(row) : null;
    },
    async add(game: Game) {
      await db
        .insertInto("games")
        .values({ ...game, ...termsColumns(game), createdAt: clock.now().toISOString() })
        .execute();
    },
  };
}
