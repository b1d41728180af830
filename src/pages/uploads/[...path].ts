import { errorJson } from "#server/http-errors.ts";
import { fileResponse } from "#server/file-response.ts";
import { route } from "#server/http.ts";

// Public uploads (game logos), from the file store (the database by default, shared by every
// process). Logos are named by the SHA-256 of their bytes, so a URL never changes what it shows and
// browsers and CDNs may keep it for good. Only public folders are served (see uploads.ts).
export const GET = route(async ({ params, locals, request }) => {
  const file = await locals.app.uploads.read(params["path"] ?? "");
  if (!file) return errorJson(404, "No such file");
  return fileResponse(request, file, {
    "cache-control": "public, max-age=31536000, immutable",
    "content-security-policy": "default-src 'none'; sandbox",
    "x-content-type-options": "nosniff",
  });
});
