import type { Kysely } from "kysely";
import type { Database } from "#adapters/db/schema.ts";

export interface SitemapEntry {
  /** Path on this site, starting with "/". */
  path: string;
  /** ISO date of the last change, when known. */
  lastModified?: string;
}

/**
 * URLs in one sitemap file. The protocol's limits are 50,000 URLs and 50 MB, but every answer of the
 * store stays under 256 KB (issue 33): a product's `<url>` line is about 90 bytes, so 2,000 of them are
 * about 180 KB.
 */
export const SITEMAP_CHUNK = 2_000;

/**
 * The sitemap's sections, each split into numbered chunks of SITEMAP_CHUNK rows: `pages` (the games;
 * the route adds the static pages to its first chunk), `products` and `posts`.
 */
export const SITEMAP_SECTIONS = ["pages", "products", "posts"] as const;
export type SitemapSection = (typeof SITEMAP_SECTIONS)[number];

/** One sitemap file: a section and its chunk number, from 1. */
export interface SitemapPart {
  section: SitemapSection;
  chunk: number;
}

/**
 * The sitemap files there are now: every section's chunks, and always `pages-1`, which holds the
 * static pages (a `<urlset>` may not be empty, so a section without rows has no file). The counts read each table's smallest index, keys only
 * (20,000 products: about a millisecond), and the index is answered from the page cache until the
 * catalogue changes.
 */
export async function listSitemapParts(db: Kysely<Database>, chunk = SITEMAP_CHUNK): Promise<SitemapPart[]> {
  const count = (table: "games" | "products" | "blog_posts") =>
    db
      .selectFrom(table)
      .select((eb) => eb.fn.countAll<number | string>().as("n"))
      .executeTakeFirstOrThrow()
      .then((r) => Number(r.n));
  const [games, products, posts] = await Promise.all([count("games"), count("products"), count("blog_posts")]);
  const counts: Record<SitemapSection, number> = { pages: games, products, posts };
  return SITEMAP_SECTIONS.flatMap((section) =>
    Array.from({ length: section === "pages" ? Math.max(1, Math.ceil(counts[section] / chunk)) : Math.ceil(counts[section] / chunk) }, (_, i) => ({
      section,
      chunk: i + 1,
    })),
  );
}

/**
 * One chunk of a section, in a stable order ending on a unique column, so chunks never overlap and
 * together hold every row. Each reads at most `chunk` rows through an index in its order (products by
 * their primary key), however large the shop. An empty list is a chunk past the end.
 */
export async function listSitemapChunk(db: Kysely<Database>, part: SitemapPart, chunk = SITEMAP_CHUNK): Promise<SitemapEntry[]> {
  const offset = (part.chunk - 1) * chunk;
  if (part.section === "pages") {
    const games = await db.selectFrom("games").select("slug").orderBy("displayOrder").orderBy("slug").limit(chunk).offset(offset).execute();
    return games.map((g) => ({ path: `/shop/${g.slug}` }));
  }
  if (part.section === "products") {
    const products = await db.selectFrom("products").select("id").orderBy("id").limit(chunk).offset(offset).execute();
    return products.map((p) => ({ path: `/product/${p.id}` }));
  }
  const posts = await db
    .selectFrom("blog_posts")
    .select(["slug", "publishedAt"])
    .orderBy("publishedAt", "desc")
    .orderBy("slug")
    .limit(chunk)
    .offset(offset)
    .execute();
  return posts.map((p) => ({ path: `/blog/${p.slug}`, lastModified: p.publishedAt.slice(0, 10) }));
}

/** `pages-1`, `products-3`: the name of a part in its URL (`/sitemap-<name>.xml`). */
export function sitemapPartName(part: SitemapPart): string {
  return `${part.section}-${part.chunk}`;
}

/** The part a URL names, or null for any other name (a 404). */
export function parseSitemapPartName(name: string): SitemapPart | null {
  const match = /^(pages|products|posts)-([1-9]\d{0,5})$/.exec(name);
  return match ? { section: match[1] as SitemapSection, chunk: Number(match[2]) } : null;
}
