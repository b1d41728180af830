import Database from "better-sqlite3";
import { join } from "node:path";

/**
 * Writes a test game straight into the journeys' shop database (the catalogue's triggers bump its
 * version, so the page cache sees it at once), once per run: `fill` adds its categories and
 * products in the same transaction. Nothing is written when the game is there already.
 */
export function insertTestGame(
  game: { id: string; slug: string; name: string; displayOrder: number },
  fill: (db: Database.Database, at: string) => void,
): void {
  const db = new Database(join(process.env["E2E_DATA_DIR"]!, "shop.db"));
  try {
    if (db.prepare("select 1 from games where id = ?").get(game.id)) return;
    const at = new Date().toISOString();
    db.transaction(() => {
      db.prepare("insert into games (id, slug, name, description, thumbnail, displayOrder, createdAt) values (?, ?, ?, '', '/img/game/doors.svg', ?, ?)").run(
        game.id,
        game.slug,
        game.name,
        game.displayOrder,
        at,
      );
      fill(db, at);
    })();
  } finally {
    db.close();
  }
}
