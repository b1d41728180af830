import { listSitemapEntries } from "#read-models/storefront/sitemap.queries.ts";
import { route } from "../server/http.ts";
import { canonicalUrl } from "../lib/seo.ts";
import { SITEMAP_STATIC_PATHS } from "../lib/site.ts";

function escapeXml(text: string): string {
  return text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** The sitemap: indexable static pages, every game, product and blog post, as absolute URLs. */
export const GET = route(async ({ locals }) => {
  const { db, config } = locals.app;
  const entries = [...SITEMAP_STATIC_PATHS.map((path) => ({ path, lastModified: undefined })), ...(await listSitemapEntries(db))];
  const urls = entries
    .map(({ path, lastModified }) => {
      const loc = `<loc>${escapeXml(canonicalUrl(config.publicUrl, path))}</loc>`;
      return `  <url>${loc}${lastModified ? `<lastmod>${lastModified}</lastmod>` : ""}</url>`;
    })
    .join("\n");
  const xml = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
  return new Response(xml, { headers: { "content-type": "application/xml; charset=utf-8", "cache-control": "public, max-age=3600" } });
});
