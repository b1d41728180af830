import { writeFileSync } from "node:fs";
import { join } from "node:path";
import sharp from "sharp";
import { pngDeclaring, realImage } from "../support/images.ts";
import { describe, expect, it } from "vitest";
import * as uploadLogo from "#src/pages/api/admin/upload-logo.ts";
import * as uploads from "#src/pages/uploads/[...path].ts";
import { createTestApp } from "./helpers/test-app.ts";
import { storedNames } from "../support/stored-files.ts";
import { signedInAdmin } from "./helpers/sign-in.ts";

const store = await createTestApp({ seed: false });
const admin = await signedInAdmin(store);
const storedFiles = () => storedNames(store.app.fileStore, "logos");

// A real 1x1 PNG, and the signatures of the other accepted formats.
const PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==", "base64");
const JPEG = await realImage("jpeg");
const GIF = await realImage("gif");
const WEBP = await realImage("webp");

const upload = (base64Image: string, filename = "1718000000000.png") =>
  admin.call(uploadLogo.POST, "/api/admin/upload-logo", { body: { base64Image, filename } });
const serve = (path: string) => store.call(uploads.GET, `/uploads/${path}`, { params: { path } });

describe("POST /api/admin/upload-logo", () => {
  it("a 278-byte PNG declaring 100,000 x 100,000 pixels is not stored as a logo (400), and nothing is decoded", async () => {
    const before = (await storedFiles()).length;
    const bomb = pngDeclaring(100_000, 100_000);
    expect(bomb.length).toBeLessThan(300);
    const res = await upload(bomb.toString("base64"));
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: "The picture is 10000 megapixels; at most 40 megapixels are accepted" });
    expect((await storedFiles()).length).toBe(before);
  });

  it("stores a PNG in the file store under its content address and answers its URL (201), served with the right type", async () => {
    const res = await upload(PNG.toString("base64"));
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ url: expect.stringMatching(/^\/uploads\/logos\/[\w-]{43}\.png$/) });
    const name = res.body.url.split("/").pop();
    expect(await storedFiles()).toContain(name);

    // What is kept is the same picture re-encoded without metadata: same format and size.
    const response = await store.app.uploads.read(`logos/${name}`);
    expect(await sharp(Buffer.from(response!.bytes)).metadata()).toMatchObject({ format: "png", width: 1, height: 1 });
    const served = await uploads.GET({
      request: new Request(`http://localhost${res.body.url}`),
      params: { path: `logos/${name}` },
      url: new URL(`http://localhost${res.body.url}`),
      locals: { app: store.app } as never,
    });
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("image/png");
    expect(Buffer.from(await served.arrayBuffer())).toEqual(Buffer.from(response!.bytes));
  });

  it("accepts a data URL, and JPEG, GIF and WebP bytes, naming the file by its real type", async () => {
    expect((await upload(`data:image/png;base64,${PNG.toString("base64")}`)).body.url).toMatch(/\.png$/);
    expect((await upload(JPEG.toString("base64"))).body.url).toMatch(/\.jpg$/);
    expect((await upload(GIF.toString("base64"))).body.url).toMatch(/\.gif$/);
    expect((await upload(WEBP.toString("base64"), "1.png")).body.url).toMatch(/\.webp$/);
  });

  it("refuses a file that is not an image (400) and stores nothing", async () => {
    const before = await storedFiles();
    const res = await upload(Buffer.from("just some text").toString("base64"), "notes.txt");
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: "The file is not a PNG, JPEG, WebP or GIF image" });
    expect(await storedFiles()).toEqual(before);
  });

  it("refuses wrong bytes behind a .png name and an image data URL (400)", async () => {
    const before = await storedFiles();
    const html = Buffer.from("<html><script>alert(document.cookie)</script></html>").toString("base64");
    expect((await upload(html, "1718000000000.png")).status).toBe(400);
    expect((await upload(`data:image/png;base64,${html}`, "1718000000000.png")).status).toBe(400);
    const svg = Buffer.from("<svg xmlns='http://www.w3.org/2000/svg' onload='alert(1)'/>").toString("base64");
    expect((await upload(svg, "logo.svg")).status).toBe(400);
    expect(await storedFiles()).toEqual(before);
  });

  it("refuses an image over 5 MB with 413, whether the body limit or the byte check catches it", async () => {
    const before = await storedFiles();
    const justOver = Buffer.alloc(5 * 1024 * 1024 + 10);
    PNG.copy(justOver);
    const res = await upload(justOver.toString("base64"));
    expect(res.status).toBe(413);
    expect(res.body.error).toMatch(/larger than/);
    const huge = Buffer.alloc(6 * 1024 * 1024);
    PNG.copy(huge);
    expect((await upload(huge.toString("base64"))).status).toBe(413);
    expect(await storedFiles()).toEqual(before);
  });

  it("refuses malformed input with 400: not base64, empty, no file name", async () => {
    expect((await upload("not base64 at all!!")).status).toBe(400);
    expect((await upload("")).status).toBe(400);
    expect((await admin.call(uploadLogo.POST, "/x", { body: { base64Image: PNG.toString("base64") } })).status).toBe(400);
    expect((await admin.call(uploadLogo.POST, "/x", { rawBody: "{" })).status).toBe(400);
  });
});

describe("GET /uploads/{path}", () => {
  it("serves nothing outside the uploads it wrote: traversal, other files and unknown names are 404", async () => {
    writeFileSync(join(store.dir, "secret.txt"), "secret");
    for (const path of [
      "../shop.db",
      "logos/../../shop.db",
      "../secret.txt",
      "logos/..%2F..%2Fsecret.txt",
      "/etc/passwd",
      "logos/missing.png",
      "logos/x.svg",
      "logos/x.png/..",
      "logos\\..\\secret.png",
      "",
    ]) {
      const res = await serve(path);
      expect(res.status, path).toBe(404);
    }
  });
});
