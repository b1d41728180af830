import { listSitemapChunk, parseSitemapPartName } from "#read-models/storefront/sitemap.queries.ts";
import { route } from "../server/http.ts";
import { SITEMAP_HEADERS, urlSetXml } from "../lib/sitemap-xml.ts";
import { SITEMAP_STATIC_PATHS } from "../lib/site.ts";

/**
 * One file of the sitemap index (`/sitemap.xml`): `pages-N` (the indexable static pages in the first,
 * then the games), `products-N`, `posts-N`, each at most SITEMAP_CHUNK URLs as absolute URLs. A name
 * the index does not list, or a chunk past the end, is 404.
 */
export const GET = route(async ({ locals, params }) => {
  const { db, config } = locals.app;
  const part = parseSitemapPartName(params["part"] ?? "");
  if (!part) return new Response("Not found", { status: 404 });
  const entries = await listSitemapChunk(db, part);
  const first = part.section === "pages" && part.chunk === 1;
  // A `<urlset>` may not be empty: a chunk past the end is not a file of the index.
  if (entries.length === 0 && !first) return new Response("Not found", { status: 404 });
  const statics = first ? SITEMAP_STATIC_PATHS.map((path) => ({ path })) : [];
  return new Response(urlSetXml(config.publicUrl, [...statics, ...entries]), { headers: SITEMAP_HEADERS });
});
