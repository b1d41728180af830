import { acceptImage } from "#domain/shared/accept-image.ts";
import { fakeImageProcessor } from "../../fakes/in-memory-images.ts";
import { describe, expect, it } from "vitest";
import { uploadLogo } from "#domain/catalogue/upload-logo.ts";
import { detectImageType, MAX_IMAGE_BYTES } from "#domain/shared/image.ts";
import { createInMemoryImageStorage } from "../../fakes/in-memory-catalogue-admin.ts";

const bytes = (...values: number[]) => new Uint8Array(values);
const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0));
const PNG = bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13);

describe("detectImageType (uploads are judged by their bytes)", () => {
  it("recognises PNG, JPEG, GIF and WebP signatures", () => {
    expect(detectImageType(PNG)).toBe("png");
    expect(detectImageType(bytes(0xff, 0xd8, 0xff, 0xe0, 0, 0x10))).toBe("jpeg");
    expect(detectImageType(bytes(...ascii("GIF89a"), 1, 0))).toBe("gif");
    expect(detectImageType(bytes(...ascii("GIF87a")))).toBe("gif");
    expect(detectImageType(bytes(...ascii("RIFF"), 0x24, 0, 0, 0, ...ascii("WEBPVP8 ")))).toBe("webp");
  });

  it("refuses everything else: text, HTML, SVG, truncated signatures, RIFF that is not WebP", () => {
    expect(detectImageType(bytes(...ascii("hello")))).toBeNull();
    expect(detectImageType(bytes(...ascii("<html><script>alert(1)</script>")))).toBeNull();
    expect(detectImageType(bytes(...ascii("<svg xmlns='http://www.w3.org/2000/svg'/>")))).toBeNull();
    expect(detectImageType(bytes(0x89, 0x50, 0x4e))).toBeNull();
    expect(detectImageType(bytes(...ascii("RIFF"), 0, 0, 0, 0, ...ascii("WAVE")))).toBeNull();
    expect(detectImageType(new Uint8Array())).toBeNull();
  });
});

describe("uploadLogo", () => {
  it("stores a real image and answers its URL", async () => {
    const storage = createInMemoryImageStorage();
    const { url } = await uploadLogo(PNG, { storage, images: fakeImageProcessor() });
    expect(url).toMatch(/^\/uploads\/logos\/.+\.png$/);
    expect(storage.saved.get(url)).toEqual(PNG);
  });

  it("refuses bytes that are not an image (400) and stores nothing", async () => {
    const storage = createInMemoryImageStorage();
    await expect(uploadLogo(bytes(...ascii("not an image")), { storage, images: fakeImageProcessor() })).rejects.toMatchObject({
      kind: "invalid",
      code: "not_an_image",
    });
    await expect(uploadLogo(new Uint8Array(), { storage, images: fakeImageProcessor() })).rejects.toMatchObject({ kind: "invalid" });
    expect(storage.saved.size).toBe(0);
  });

  it("refuses an image over 5 MB (413) and stores nothing", async () => {
    const storage = createInMemoryImageStorage();
    const big = new Uint8Array(MAX_IMAGE_BYTES + 1);
    big.set(PNG);
    await expect(uploadLogo(big, { storage, images: fakeImageProcessor() })).rejects.toMatchObject({ kind: "too_large" });
    const exact = new Uint8Array(MAX_IMAGE_BYTES);
    exact.set(PNG);
    await expect(uploadLogo(exact, { storage, images: fakeImageProcessor() })).resolves.toMatchObject({ url: expect.any(String) });
  });
});

describe("acceptImage", () => {
  it("a 278-byte PNG declaring 100,000 x 100,000 pixels is refused before any pixel is decoded", async () => {
    const images = fakeImageProcessor({ width: 100_000, height: 100_000 });
    await expect(acceptImage(PNG, images)).rejects.toMatchObject({ kind: "invalid", code: "image_too_many_pixels" });
    expect(images.stripped).toBe(0);
  });
  it("keeps a picture of 40 megapixels, stripped of its metadata", async () => {
    const images = fakeImageProcessor({ width: 8000, height: 5000 });
    expect(await acceptImage(PNG, images)).toEqual({ type: "png", bytes: PNG });
    expect(images.stripped).toBe(1);
  });
  it("refuses bytes the library cannot read as a picture", async () => {
    const unreadable = { ...fakeImageProcessor(), dimensions: async () => null };
    expect(await acceptImage(PNG, unreadable)).toBeNull();
  });
});
