import type { APIRoute } from "astro";
import { ICON_HEADERS, siteIcons } from "../server/site-icons.ts";

/** /apple-touch-icon.png: the 180 px home-screen icon iOS asks for. */
export const GET: APIRoute = async () =>
  new Response(new Uint8Array((await siteIcons()).appleTouch), { headers: { "content-type": "image/png", ...ICON_HEADERS } });
