import { gameStillHasProducts, slugTaken } from "#domain/catalogue/catalogue.errors.ts";
import type { GameAdminRepository } from "#domain/catalogue/game-admin-repository.port.ts";
import type { Clock } from "#domain/shared/clock.port.ts";
import { isForeignKeyViolation, isUniqueViolation } from "../db/constraint-errors.ts";
import { setDisplayOrders } from "./display-order.ts";
import { createGameRepository, GAME_COLUMNS, gameOf, termsColumns } from "./game.repository.ts";
import type { Tx } from "../db/database.ts";

export function createGameAdminRepository(db: Tx, clock: Clock): GameAdminRepository {
  const base = createGameRepository(db, clock);
  return {
    ...base,
    async add(game) {
      try {
        await base.add(game);
      } catch (error) {
        throw isUniqueViolation(error) ? slugTaken(game.slug) : error;
      }
    },
    async findById(id) {
      const row = await db.selectFrom("games").select(GAME_COLUMNS).where("id", "=", id).executeTakeFirst();
      return row ? gameOf(row) : null;
    },
    async listIdsInOrder() {
      const rows = await db.selectFrom("games").select("id").orderBy("displayOrder").orderBy("name").execute();
      return rows.map((r) => r.id);
    },
    async update(game) {
      try {
        await db
          .updateTable("games")
          .set({
            name: game.name,
            slug: game.slug,
            description: game.description,
            thumbnail: game.thumbnail,
            displayOrder: game.displayOrder,
            ...termsColumns(game),
          })
          .where("id", "=", game.id)
          .execute();
      } catch (error) {
        throw isUniqueViolation(error) ? slugTaken(game.slug) : error;
      }
    },
    async remove(id) {
      try {
        await db.deleteFrom("categories").where("gameId", "=", id).execute();
        await db.deleteFrom("games").where("id", "=", id).execute();
      } catch (error) {
        if (isForeignKeyViolation(error)) throw gameStillHasProducts();
        throw error;
      }
    },
    setDisplayOrders: (ids) => setDisplayOrders(db, "games", ids),
  };
}
