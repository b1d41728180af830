import type { APIRoute } from "astro";
import { placeholderSvg } from "#src/lib/placeholder-image.ts";

const KINDS = new Set(["game", "item", "og"]);

/** /img/{game|item|og}/{slug}.svg: the store's own generated artwork (see placeholder-image.ts). */
export const GET: APIRoute = ({ params }) => {
  const kind = params["kind"] ?? "";
  const match = /^([a-z0-9-]{1,160})\.svg$/.exec(params["name"] ?? "");
  if (!KINDS.has(kind) || !match?.[1]) return new Response("Not found", { status: 404 });
  return new Response(placeholderSvg(kind as "game" | "item" | "og", match[1]), {
    headers: { "content-type": "image/svg+xml", "cache-control": "public, max-age=31536000, immutable" },
  });
};
