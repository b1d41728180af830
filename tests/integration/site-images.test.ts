import { describe, expect, it } from "vitest";
import * as appleTouch from "#src/pages/apple-touch-icon.png.ts";
import * as favicon from "#src/pages/favicon.ico.ts";
import * as icons from "#src/pages/icons/[size].png.ts";
import * as manifest from "#src/pages/manifest.webmanifest.ts";
import * as og from "#src/pages/og/[...path].ts";
import { createTestApp, PUBLIC_URL } from "./helpers/test-app.ts";

const store = await createTestApp({ env: { SHOP_NAME: "Pixel Loot" } });
const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

async function get(handler: any, path: string, params: Record<string, string> = {}) {
  const url = new URL(path, PUBLIC_URL);
  const response: Response = await handler({ request: new Request(url), url, params, locals: { app: store.app } });
  return { status: response.status, type: response.headers.get("content-type"), bytes: new Uint8Array(await response.arrayBuffer()) };
}

/** Width and height from a PNG's IHDR chunk. */
function pngSize(bytes: Uint8Array) {
  const view = new DataView(bytes.buffer, bytes.byteOffset);
  return { width: view.getUint32(16), height: view.getUint32(20) };
}

describe("og:image previews", () => {
  it("draws a real 1200x630 PNG from an item's SVG artwork, the same bytes again from the cache", async () => {
    const first = await get(og.GET, "/og/img/item/dragon-fruit.svg.png", { path: "img/item/dragon-fruit.svg.png" });
    expect(first.status).toBe(200);
    expect(first.type).toBe("image/png");
    expect([...first.bytes.subarray(0, 8)]).toEqual(PNG_SIGNATURE);
    expect(pngSize(first.bytes)).toEqual({ width: 1200, height: 630 });
    const again = await get(og.GET, "/og/img/item/dragon-fruit.svg.png", { path: "img/item/dragon-fruit.svg.png" });
    expect(again.bytes).toEqual(first.bytes);
  });

  it("answers 404 for anything that is not one of the store's pictures", async () => {
    for (const path of ["etc/passwd.png", "img/item/../../x.svg.png", "uploads/missing.png.png", "img/item/x.svg"]) {
      expect((await get(og.GET, `/og/${path}`, { path })).status, path).toBe(404);
    }
  });
});

describe("site icons and manifest", () => {
  it("serves /favicon.ico as an icon file holding PNGs", async () => {
    const ico = await get(favicon.GET, "/favicon.ico");
    expect(ico.status).toBe(200);
    expect(ico.type).toBe("image/x-icon");
    const view = new DataView(ico.bytes.buffer, ico.bytes.byteOffset);
    expect([view.getUint16(0, true), view.getUint16(2, true), view.getUint16(4, true)]).toEqual([0, 1, 3]);
    const firstImageOffset = view.getUint32(6 + 12, true);
    expect([...ico.bytes.subarray(firstImageOffset, firstImageOffset + 8)]).toEqual(PNG_SIGNATURE);
  });

  it("serves a 180 px apple-touch-icon and the manifest's 192 and 512 px icons", async () => {
    const apple = await get(appleTouch.GET, "/apple-touch-icon.png");
    expect(apple.status).toBe(200);
    expect(pngSize(apple.bytes)).toEqual({ width: 180, height: 180 });
    expect(pngSize((await get(icons.GET, "/icons/192.png", { size: "192" })).bytes)).toEqual({ width: 192, height: 192 });
    expect(pngSize((await get(icons.GET, "/icons/512.png", { size: "512" })).bytes)).toEqual({ width: 512, height: 512 });
    expect((await get(icons.GET, "/icons/64.png", { size: "64" })).status).toBe(404);
  });

  it("names the shop from SHOP_NAME in the web manifest", async () => {
    const answer = await get(manifest.GET, "/manifest.webmanifest");
    expect(answer.status).toBe(200);
    expect(answer.type).toBe("application/manifest+json");
    const body = JSON.parse(new TextDecoder().decode(answer.bytes));
    expect(body).toMatchObject({ name: "Pixel Loot", start_url: "/", display: "standalone" });
    expect(body.icons.map((i: { sizes: string }) => i.sizes)).toEqual(["192x192", "512x512", "any"]);
  });
});
