import type { APIRoute } from "astro";
import { ICON_HEADERS, siteIcons } from "../server/site-icons.ts";

/** /favicon.ico: what browsers, feed readers and crawlers ask for when a page names no icon. */
export const GET: APIRoute = async () =>
  new Response(new Uint8Array((await siteIcons()).ico), { headers: { "content-type": "image/x-icon", ...ICON_HEADERS } });
