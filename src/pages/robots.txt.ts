import { route } from "../server/http.ts";
import { ROBOTS_DISALLOW } from "../lib/site.ts";

/** Keeps crawlers out of private and transactional pages and the API, and points to the sitemap. */
export const GET = route(({ locals }) => {
  const lines = [
    "User-agent: *",
    "Allow: /",
    ...ROBOTS_DISALLOW.map((path) => `Disallow: ${path}`),
    "",
    `Sitemap: ${locals.app.config.publicUrl}/sitemap.xml`,
    "",
  ];
  return new Response(lines.join("\n"), { headers: { "content-type": "text/plain; charset=utf-8", "cache-control": "public, max-age=3600" } });
});
