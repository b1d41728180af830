import type { Kysely } from "kysely";
import { createIndexes } from "../migration-kit.ts";

/**
 * The catalogue's order as indexes (issue 33): the admin panel's product search sorted every match
 * in the list's order (game, then product) before taking a page: 2,500 matches for "dragon" among
 * 22,000 products cost 6-13 ms of CPU a page, 28 ms for a word every product has. With the games
 * in their order and each game's products in theirs (displayOrder, name, id: the list's whole
 * order, so no sort is left within a game), a search that finds many products walks the list in
 * its order and stops when the page is full (read-models/storefront/admin-product-search.query.ts).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await createIndexes(db, "games", { games_catalogue_order: ["displayOrder", "name"] });
  await createIndexes(db, "products", { products_catalogue_order: ["gameId", "displayOrder", "name", "id"] });
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex("products_catalogue_order").ifExists().execute();
  await db.schema.dropIndex("games_catalogue_order").ifExists().execute();
}
