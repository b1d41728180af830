import type { Kysely } from "kysely";
import type { Database } from "#adapters/db/schema.ts";

export interface SitemapEntry {
  /** Path on this site, starting with "/". */
  path: string;
  /** ISO date of the last change, when known. */
  lastModified?: string;
}

/** Every game, product and blog post page, in a stable order. */
export async function listSitemapEntries(db: Kysely<Database>): Promise<SitemapEntry[]> {
  const [games, products, posts] = await Promise.all([
    db.selectFrom("games").select("slug").orderBy("displayOrder").orderBy("slug").execute(),
    db.selectFrom("products").select("id").orderBy("createdAt").orderBy("id").execute(),
    db.selectFrom("blog_posts").select(["slug", "publishedAt"]).orderBy("publishedAt", "desc").orderBy("slug").execute(),
  ]);
  return [
    ...games.map((g) => ({ path: `/shop/${g.slug}` })),
    ...products.map((p) => ({ path: `/product/${p.id}` })),
    ...posts.map((p) => ({ path: `/blog/${p.slug}`, lastModified: p.publishedAt.slice(0, 10) })),
  ];
}
