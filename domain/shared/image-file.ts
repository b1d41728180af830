/** The raster image formats the store accepts for uploads (DESIGN.md: checked by their bytes). */
export type ImageType = "png" | "jpeg" | "webp" | "gif";

export const IMAGE_CONTENT_TYPES: Record<ImageType, string> = {
  png: "image/png",
  jpeg: "image/jpeg",
  webp: "image/webp",
  gif: "image/gif",
};

export const IMAGE_EXTENSIONS: Record<ImageType, string> = { png: "png", jpeg: "jpg", webp: "webp", gif: "gif" };

const startsWith = (bytes: Uint8Array, signature: readonly number[], offset = 0) =>
  bytes.length >= offset + signature.length && signature.every((b, i) => bytes[offset + i] === b);
const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0));

/**
 * The image format these bytes are, read from their magic numbers, or null. What a client claims
 * (a file name, a data URL's media type) is never trusted: a script renamed to .png is not a PNG.
 */
export function detectImageType(bytes: Uint8Array): ImageType | null {
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return "png";
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return "jpeg";
  if (startsWith(bytes, ascii("GIF87a")) || startsWith(bytes, ascii("GIF89a"))) return "gif";
  if (startsWith(bytes, ascii("RIFF")) && startsWith(bytes, ascii("WEBP"), 8)) return "webp";
  return null;
}
