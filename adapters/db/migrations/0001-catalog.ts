import { sql, type Kysely } from "kysely";
import { createTable, integer, primaryKey, text } from "../migration-kit.ts";

// Migrations take Kysely<any>: they describe the schema at their point in history, not today's types.
export async function up(db: Kysely<any>): Promise<void> {
  await createTable(db, "games", {
    columns: {
      id: primaryKey("text"),
      slug: text({ unique: true }),
      name: text(),
      description: text({ default: "" }),
      thumbnail: text({ default: "" }),
      displayOrder: integer({ default: 0 }),
      createdAt: text(),
    },
  });

  await createTable(db, "categories", {
    columns: {
      id: primaryKey("text"),
      gameId: text({ references: "games.id", onDelete: "cascade" }),
      name: text(),
      displayOrder: integer({ default: 0 }),
    },
    unique: { categories_game_name_unique: ["gameId", "name"] },
  });

  await createTable(db, "products", {
    columns: {
      id: primaryKey("text"),
      gameId: text({ references: "games.id" }),
      name: text(),
      category: text(),
      description: text({ default: "" }),
      image: text(),
      priceCents: integer({ check: sql`"priceCents" >= 0` }),
      originalPriceCents: integer.nullable(),
      // The last line of defence for "stock never goes negative": even a buggy update cannot pass it.
      stock: integer({ check: sql`"stock" >= 0` }),
      displayOrder: integer({ default: 0 }),
      featured: integer({ default: 0 }),
      createdAt: text(),
    },
    indexes: { products_game_order: ["gameId", "displayOrder"], products_featured: ["featured", "displayOrder"] },
  });

  // Small key/value facts about this installation (e.g. when the demo data was seeded).
  await createTable(db, "meta", { columns: { key: primaryKey("text"), value: text() } });
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ["meta", "products", "categories", "games"]) await db.schema.dropTable(table).execute();
}
