import sharp from "sharp";
import type { ImageType } from "#domain/shared/image.ts";
import { MAX_IMAGE_PIXELS } from "#domain/shared/image.ts";
import type { ImageProcessor } from "#domain/shared/image-processor.port.ts";

// sharp (libvips): maintained, fast, and it reads a header without decoding the pixels. Its
// output carries no metadata unless asked (withMetadata), which is what strips EXIF and GPS here.
export function createSharpImageProcessor(): ImageProcessor {
  return {
    async dimensions(bytes) {
      try {
        const meta = await sharp(bytes, { limitInputPixels: false, animated: true }).metadata();
        if (!meta.width || !meta.height) return null;
        // Animated pictures: pageHeight is one frame's; the canvas decoded is all frames.
        return { width: meta.width, height: meta.height };
      } catch {
        return null;
      }
    },
    async withoutMetadata(bytes, type: ImageType) {
      const image = sharp(bytes, { limitInputPixels: MAX_IMAGE_PIXELS, animated: type === "gif" || type === "webp" }).rotate();
      const out =
        type === "jpeg"
          ? image.jpeg({ quality: 90, mozjpeg: true })
          : type === "png"
            ? image.png({ compressionLevel: 9 })
            : type === "webp"
              ? image.webp({ quality: 90 })
              : image.gif();
      return new Uint8Array(await out.toBuffer());
    },
  };
}
