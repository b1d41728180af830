import type { Kysely } from "kysely";
import type { Database } from "#adapters/db/schema.ts";
import type { HtmlSanitizer } from "#domain/content/html-sanitizer.port.ts";
import { containsPattern, lowerLike } from "../shared/text-search.ts";
import type { BlogPostSummaryView, BlogPostView, FaqView } from "./content.views.ts";

/**
 * FAQs by displayOrder; with text, only those whose question or answer contains it (case-insensitive,
 * "%" and "_" taken literally). Blank text lists them all.
 */
export async function searchFaqs(db: Kysely<Database>, text = ""): Promise<FaqView[]> {
  let query = db.selectFrom("faqs").select(["id", "question", "answer"]);
  const q = text.trim();
  if (q !== "") {
    const pattern = containsPattern(q);
    query = query.where((eb) => eb.or([lowerLike("question", pattern), lowerLike("answer", pattern)]));
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
