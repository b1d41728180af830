import { sql, type Kysely } from "kysely";

// Migrations take Kysely<any>: they describe the schema at their point in history, not today's types.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("games")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("slug", "text", (c) => c.notNull().unique())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("description", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("thumbnail", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("displayOrder", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("createdAt", "text", (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("categories")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("gameId", "text", (c) => c.notNull().references("games.id").onDelete("cascade"))
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("displayOrder", "integer", (c) => c.notNull().defaultTo(0))
    .addUniqueConstraint("categories_game_name_unique", ["gameId", "name"])
    .execute();

  await db.schema
    .createTable("products")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("gameId", "text", (c) => c.notNull().references("games.id"))
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("category", "text", (c) => c.notNull())
    .addColumn("description", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("image", "text", (c) => c.notNull())
    .addColumn("priceCents", "integer", (c) => c.notNull().check(sql`"priceCents" >= 0`))
    .addColumn("originalPriceCents", "integer")
    // The last line of defence for "stock never goes negative": even a buggy update cannot pass it.
    .addColumn("stock", "integer", (c) => c.notNull().check(sql`"stock" >= 0`))
    .addColumn("displayOrder", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("featured", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("createdAt", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("products_game_order").on("products").columns(["gameId", "displayOrder"]).execute();
  await db.schema.createIndex("products_featured").on("products").columns(["featured", "displayOrder"]).execute();

  // Small key/value facts about this installation (e.g. when the demo data was seeded).
  await db.schema
    .createTable("meta")
    .addColumn("key", "text", (c) => c.primaryKey())
    .addColumn("value", "text", (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ["meta", "products", "categories", "games"]) await db.schema.dropTable(table).execute();
}
