import type { APIRoute } from "astro";

/** /manifest.webmanifest: the shop's name (SHOP_NAME) and icons for "add to home screen". */
export const GET: APIRoute = ({ locals }) => {
  const { name } = locals.app.config.shop;
  const manifest = {
    name,
    short_name: name.length > 12 ? name.slice(0, 12) : name,
    start_url: "/",
    display: "standalone",
    background_color: "#0b0b17",
    theme_color: "#0b0b17",
    icons: [
      { src: "/icons/192.png", sizes: "192x192", type: "image/png" },
      { src: "/icons/512.png", sizes: "512x512", type: "image/png" },
      { src: "/favicon.svg", sizes: "any", type: "image/svg+xml" },
    ],
  };
  return new Response(JSON.stringify(manifest), { headers: { "content-type": "application/manifest+json", "cache-control": "public, max-age=3600" } });
};
