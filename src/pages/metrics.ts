import { createHash, timingSafeEqual } from "node:crypto";
import { errorJson } from "#server/http-errors.ts";
import { route } from "#server/http.ts";
import { metricsTokenOf } from "#server/route-app.ts";

// The store's metrics in Prometheus's text format, for the operator's Prometheus only: off (404) unless
// METRICS_TOKEN is set, and then answered only to `Authorization: Bearer <token>` (401 otherwise).
export const GET = route(async ({ request, locals }) => {
  const { metrics } = locals.app;
  const token = metricsTokenOf(locals.app);
  if (!metrics || !token) return errorJson(404, "Not found");
  if (!bearerMatches(request.headers.get("authorization"), token)) {
    return new Response(JSON.stringify({ error: "A metrics token is required" }), {
      status: 401,
      headers: { "content-type": "application/json; charset=utf-8", "www-authenticate": 'Bearer realm="metrics"', "cache-control": "no-store" },
    });
  }
  const { contentType, body } = await metrics.scrape();
  return new Response(body, { headers: { "content-type": contentType, "cache-control": "no-store" } });
});

/** A constant-time comparison of the presented token (compared as SHA-256 digests: equal lengths whatever was sent). */
function bearerMatches(header: string | null, token: string): boolean {
  const presented = /^Bearer (.+)$/.exec(header ?? "")?.[1] ?? "";
  const digest = (text: string) => createHash("sha256").update(text).digest();
  return timingSafeEqual(digest(presented), digest(token)) && presented.length > 0;
}
