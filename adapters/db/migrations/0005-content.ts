import type { Kysely } from "kysely";
import { createTable, integer, primaryKey, text } from "../migration-kit.ts";

// Content (FAQs, blog posts) and shoppers' item requests. Kysely<any>: see 0001-catalog.ts.
export async function up(db: Kysely<any>): Promise<void> {
  await createTable(db, "faqs", {
    columns: { id: primaryKey("text"), question: text(), answer: text(), displayOrder: integer({ default: 0 }) },
    indexes: { faqs_order: ["displayOrder"] },
  });

  await createTable(db, "blogPosts", {
    columns: {
      id: primaryKey("text"),
      slug: text({ unique: true }),
      title: text(),
      excerpt: text(),
      metaDescription: text(),
      keywords: text({ default: "" }),
      author: text(),
      publishedAt: text(),
      // Sanitised HTML (HtmlSanitizer port) — sanitised again when rendered.
      content: text(),
      featured: integer({ default: 0 }),
    },
    indexes: { blog_posts_published: ["publishedAt"] },
  });

  await createTable(db, "itemRequests", {
    columns: {
      id: primaryKey("text"),
      gameId: text({ references: "games.id", onDelete: "cascade" }),
      itemName: text(),
      email: text(),
      description: text({ default: "" }),
      createdAt: text(),
      // A SHA-256 of the sender's address (never the address itself), for the per-client rate limit.
      clientKey: text({ default: "" }),
    },
    indexes: {
      item_requests_created: ["createdAt"],
      item_requests_email_created: ["email", "createdAt"],
      item_requests_client_created: ["clientKey", "createdAt"],
    },
  });
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ["itemRequests", "blogPosts", "faqs"]) await db.schema.dropTable(table).execute();
}
