import { placeholderSvg } from "#src/lib/placeholder-image.ts";
import { errorJson } from "#server/http-errors.ts";
import { route } from "#server/http.ts";

const ARTWORK = /^img\/(game|item|og)\/([a-z0-9-]{1,160})\.svg$/;

/**
 * /og/<picture's path>.png: the PNG preview of one of the store's own pictures (social sites do not
 * render SVG). The picture is the store's generated artwork (/img/...) or an upload (/uploads/...);
 * any other path is 404, so nothing outside the store's pictures can be fetched or drawn.
 */
export const GET = route(async ({ params, locals }) => {
  const path = /^(.+)\.png$/.exec(params["path"] ?? "")?.[1] ?? "";
  const artwork = ARTWORK.exec(path);
  const source = artwork
    ? new TextEncoder().encode(placeholderSvg(artwork[1] as "game" | "item" | "og", artwork[2]!))
    : path.startsWith("uploads/")
      ? (await locals.app.uploads.read(path.slice("uploads/".length)))?.bytes
      : undefined;
  if (!source) return errorJson(404, "No such picture");
  const png = await locals.app.ogImages.png(source);
  return new Response(png as Uint8Array<ArrayBuffer>, {
    headers: { "content-type": "image/png", "content-length": String(png.byteLength), "cache-control": "public, max-age=86400" },
  });
});
