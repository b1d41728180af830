import { errorJson } from "#server/http-errors.ts";
import { route } from "#server/http.ts";

// Only the OAuth callback of better-auth's own routes is reachable from outside; everything else
// goes through our spec-shaped endpoints (validation, guest merge, admin rules).
export const GET = route(async ({ request, params, locals }) => {
  if (!params["path"]?.startsWith("callback/")) return errorJson(404, "No such API endpoint");
  return locals.app.auth.handler(request);
});

export const ALL = () => errorJson(404, "No such API endpoint");
