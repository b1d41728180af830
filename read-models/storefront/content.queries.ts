import type { Kysely } from "kysely";
import type { Database } from "#adapters/db/schema.ts";
import type { HtmlSanitizer } from "#domain/content/html-sanitizer.port.ts";
import { matchesPhrase } from "../shared/full-text.ts";
import type { BlogPostSummaryView, BlogPostView, FaqView } from "./content.views.ts";

/**
 * FAQs by displayOrder; with text, only those whose question or answer holds its words in order, the
 * last as a prefix (case-insensitive; "5000 poi" finds "5000 points"), through migration 0025's
 * index. Blank text lists them all; text without a letter or digit ("%") finds none.
 */
export async function searchFaqs(db: Kysely<Database>, text = ""): Promise<FaqView[]> {
  let query = db.selectFrom("faqs").select(["id", "question", "answer"]);
  const q = text.trim();
  if (q !== "") {
    query = query.where(matchesPhrase(db, { name: "faq_search", id: "faqs.id", columns: ["faqs.question", "faqs.answer"] }, q));
  }
  return query.orderBy("displayOrder").orderBy("question").execute();
}

const featuredFlag = (value: number): 0 | 1 => (value === 1 ? 1 : 0);

/** Every post's summary, newest first. */
export async function listBlogPosts(db: Kysely<Database>): Promise<BlogPostSummaryView[]> {
  const rows = await db
    .selectFrom("blog_posts")
    .select(["id", "slug", "title", "excerpt", "featured", "publishedAt"])
    .orderBy("publishedAt", "desc")
    .orderBy("slug")
    .execute();
  return rows.map((row) => ({ ...row, featured: featuredFlag(row.featured) }));
}

/**
 * The post with this slug, or null. The body was sanitised when it was stored and is sanitised
 * again here, so HTML that reached the table another way (an old row, a manual edit) is still safe.
 */
export async function findBlogPost(db: Kysely<Database>, slug: string, sanitizer: HtmlSanitizer): Promise<BlogPostView | null> {
  const row = await db
    .selectFrom("blog_posts")
    .select(["title", "metaDescription", "keywords", "author", "publishedAt", "content", "featured"])
    .where("slug", "=", slug)
    .executeTakeFirst();
  return row ? { ...row, content: sanitizer.sanitize(row.content), featured: featuredFlag(row.featured) } : null;
}
