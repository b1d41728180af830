import type { Kysely } from "kysely";

// Content (FAQs, blog posts) and shoppers' item requests. Kysely<any>: see 0001-catalog.ts.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("faqs")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("question", "text", (c) => c.notNull())
    .addColumn("answer", "text", (c) => c.notNull())
    .addColumn("displayOrder", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex("faqs_order").on("faqs").column("displayOrder").execute();

  await db.schema
    .createTable("blogPosts")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("slug", "text", (c) => c.notNull().unique())
    .addColumn("title", "text", (c) => c.notNull())
    .addColumn("excerpt", "text", (c) => c.notNull())
    .addColumn("metaDescription", "text", (c) => c.notNull())
    .addColumn("keywords", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("author", "text", (c) => c.notNull())
    .addColumn("publishedAt", "text", (c) => c.notNull())
    // Sanitised HTML (HtmlSanitizer port) — sanitised again when rendered.
    .addColumn("content", "text", (c) => c.notNull())
    .addColumn("featured", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex("blog_posts_published").on("blogPosts").column("publishedAt").execute();

  await db.schema
    .createTable("itemRequests")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("gameId", "text", (c) => c.notNull().references("games.id").onDelete("cascade"))
    .addColumn("itemName", "text", (c) => c.notNull())
    .addColumn("email", "text", (c) => c.notNull())
    .addColumn("description", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("createdAt", "text", (c) => c.notNull())
    // A SHA-256 of the sender's address (never the address itself), for the per-client rate limit.
    .addColumn("clientKey", "text", (c) => c.notNull().defaultTo(""))
    .execute();
  await db.schema.createIndex("item_requests_created").on("itemRequests").column("createdAt").execute();
  await db.schema.createIndex("item_requests_email_created").on("itemRequests").columns(["email", "createdAt"]).execute();
  await db.schema.createIndex("item_requests_client_created").on("itemRequests").columns(["clientKey", "createdAt"]).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ["itemRequests", "blogPosts", "faqs"]) await db.schema.dropTable(table).execute();
}
