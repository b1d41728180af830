import { readFile } from "node:fs/promises";
import { pngsToIco, svgToPng } from "#adapters/images/icons.ts";

// The one drawn icon, public/favicon.svg; the raster forms browsers and phones ask for are made
// from it on first request and kept for the process's life (a few KB). Only pages import this
// module. The SVG is read from the project's public/, from this module's source or from its
// compiled copy in dist/app/src/server (build/server-build.mjs).
const FAVICON = new URL(import.meta.url.endsWith(".js") ? "../../../../public/favicon.svg" : "../../public/favicon.svg", import.meta.url);
const THEME = "#0b0b17";
let icons: Promise<{ ico: Buffer; appleTouch: Buffer; icon192: Buffer; icon512: Buffer }> | undefined;

export function siteIcons() {
  icons ??= (async () => {
    const svg = await readFile(FAVICON, "utf8");
    const [p16, p32, p48, appleTouch, icon192, icon512] = await Promise.all([
      svgToPng(svg, 16),
      svgToPng(svg, 32),
      svgToPng(svg, 48),
      svgToPng(svg, 180, THEME), // iOS draws transparency black: a solid background
      svgToPng(svg, 192),
      svgToPng(svg, 512),
    ]);
    return {
      ico: pngsToIco([
        { size: 16, png: p16 },
        { size: 32, png: p32 },
        { size: 48, png: p48 },
      ]),
      appleTouch,
      icon192,
      icon512,
    };
  })();
  return icons;
}

export const ICON_HEADERS = { "cache-control": "public, max-age=86400" };
