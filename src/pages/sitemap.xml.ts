import { listSitemapParts, sitemapPartName } from "#read-models/storefront/sitemap.queries.ts";
import { route } from "../server/http.ts";
import { SITEMAP_HEADERS, sitemapIndexXml } from "../lib/sitemap-xml.ts";

/**
 * The sitemap index (issue 33): one `/sitemap-<part>.xml` per chunk of pages, products and posts, so
 * no file breaks the protocol's 50,000 URLs or the store's 256 KB however many products the shop
 * sells. robots.txt points here.
 */
export const GET = route(async ({ locals }) => {
  const { db, config } = locals.app;
  const parts = await listSitemapParts(db);
  const xml = sitemapIndexXml(
    config.publicUrl,
    parts.map((part) => `/sitemap-${sitemapPartName(part)}.xml`),
  );
  return new Response(xml, { headers: SITEMAP_HEADERS });
});
