import { errorJson } from "#server/http-errors.ts";
import { route } from "#server/http.ts";

// Uploaded pictures (game logos), served from DATA_DIR/uploads. Names are random and never reused,
// so browsers may keep them for good. Only files the store wrote itself can be read (see uploads.ts).
export const GET = route(async ({ params, locals }) => {
  const file = await locals.app.uploads.read(params["path"] ?? "");
  if (!file) return errorJson(404, "No such file");
  return new Response(file.bytes, {
    headers: {
      "content-type": file.contentType,
      "content-length": String(file.bytes.byteLength),
      "cache-control": "public, max-age=31536000, immutable",
      "content-security-policy": "default-src 'none'; sandbox",
    },
  });
});
