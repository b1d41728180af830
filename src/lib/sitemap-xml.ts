import { canonicalUrl } from "./seo.ts";

/** What every sitemap file is served with: the page cache keeps it per catalogue version (docs/serving-and-caching.md). */
export const SITEMAP_HEADERS = { "content-type": "application/xml; charset=utf-8", "cache-control": "public, max-age=3600" } as const;

function escapeXml(text: string): string {
  return text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function loc(publicUrl: string, path: string): string {
  return `<loc>${escapeXml(canonicalUrl(publicUrl, path))}</loc>`;
}

/** A `<urlset>` file: absolute URLs of pages, with their last change when known. */
export function urlSetXml(publicUrl: string, entries: readonly { path: string; lastModified?: string | undefined }[]): string {
  const urls = entries
    .map(({ path, lastModified }) => `  <url>${loc(publicUrl, path)}${lastModified ? `<lastmod>${lastModified}</lastmod>` : ""}</url>\n`)
    .join("");
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}</urlset>\n`;
}

/** A `<sitemapindex>` file: absolute URLs of the sitemap files. */
export function sitemapIndexXml(publicUrl: string, paths: readonly string[]): string {
  const sitemaps = paths.map((path) => `  <sitemap>${loc(publicUrl, path)}</sitemap>\n`).join("");
  return `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${sitemaps}</sitemapindex>\n`;
}
