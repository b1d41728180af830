import type { APIRoute } from "astro";
import { ICON_HEADERS, siteIcons } from "#server/site-icons.ts";

/** /icons/192.png and /icons/512.png: the web manifest's icons (Android's home screen, installs). */
export const GET: APIRoute = async ({ params }) => {
  const icons = await siteIcons();
  const png = params["size"] === "192" ? icons.icon192 : params["size"] === "512" ? icons.icon512 : null;
  if (!png) return new Response("Not found", { status: 404 });
  return new Response(new Uint8Array(png), { headers: { "content-type": "image/png", ...ICON_HEADERS } });
};
