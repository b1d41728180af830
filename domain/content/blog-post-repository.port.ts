import type { BlogPost } from "./blog-post.ts";

/** Stored blog posts, written by the seed and the Markdown import. */
export interface BlogPostRepository {
  /** The post with this slug, or null when there is none. */
  findBySlug(slug: string): Promise<BlogPost | null>;
  /** Stores a new post; a second post with the same slug is refused by the database. */
  add(post: BlogPost): Promise<void>;
  /** Replaces every field of the post with this id (the slug stays its key). */
  update(post: BlogPost): Promise<void>;
}
