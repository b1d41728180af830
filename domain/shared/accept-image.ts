import { DomainError } from "./domain-error.ts";
import { detectImageType, MAX_IMAGE_PIXELS, type ImageType } from "./image.ts";
import type { ImageProcessor } from "./image-processor.port.ts";
import { ErrorCode } from "./error-codes.ts";

export const imageTooManyPixels = (megapixels: number) =>
  new DomainError(
    "invalid",
    ErrorCode.imageTooManyPixels,
    `The picture is ${megapixels} megapixels; at most ${MAX_IMAGE_PIXELS / 1_000_000} megapixels are accepted`,
  );

/**
 * The one way an uploaded picture is accepted (logos, review screenshots): its bytes are one of the
 * four formats, its header declares at most MAX_IMAGE_PIXELS (checked before any pixel is decoded),
 * and what is kept is the picture without its metadata, so a shopper's screenshot never carries
 * the position their phone recorded. Null when the bytes are not a picture of those formats.
 */
export async function acceptImage(bytes: Uint8Array, processor: ImageProcessor): Promise<{ type: ImageType; bytes: Uint8Array } | null> {
  const type = detectImageType(bytes);
  if (!type) return null;
  const size = await processor.dimensions(bytes);
  if (!size) return null;
  const pixels = size.width * size.height;
  if (pixels > MAX_IMAGE_PIXELS) throw imageTooManyPixels(Math.round(pixels / 1_000_000));
  try {
    return { type, bytes: await processor.withoutMetadata(bytes, type) };
  } catch {
    return null; // a header that reads but pixels that do not: not a picture we keep
  }
}
