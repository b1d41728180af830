import type { BlogPost } from "#domain/content/blog-post.ts";
import type { BlogPostRepository } from "#domain/content/blog-post-repository.port.ts";
import type { Database } from "../db/schema.ts";
import type { Tx } from "../db/database.ts";

const columns = ["id", "slug", "title", "excerpt", "metaDescription", "keywords", "author", "publishedAt", "content", "featured"] as const;

function toRow(post: BlogPost): Database["blog_posts"] {
  return { ...post, featured: post.featured ? 1 : 0 };
}

export function createBlogPostRepository(db: Tx): BlogPostRepository {
  return {
    async findBySlug(slug) {
      const row = await db.selectFrom("blog_posts").select(columns).where("slug", "=", slug).executeTakeFirst();
      return row ? { ...row, featured: row.featured === 1 } : null;
    },
    async add(post) {
      await db.insertInto("blog_posts").values(toRow(post)).execute();
    },
    async update(post) {
      const { id, ...fields } = toRow(post);
      await db.updateTable("blog_posts").set(fields).where("id", "=", id).execute();
    },
  };
}
