/**
 * Uploaded pictures (game logos, review screenshots) are trusted by their bytes, never by the file
 * name or the type a browser claims: only these four formats are kept, so an upload can never be
 * served back as HTML or script.
 */
export const IMAGE_TYPES = {
  png: "image/png",
  jpeg: "image/jpeg",
  webp: "image/webp",
  gif: "image/gif",
} as const;

export type ImageType = keyof typeof IMAGE_TYPES;

/** The file extension an image of each type is stored under. */
export const IMAGE_EXTENSIONS: Record<ImageType, string> = { png: "png", jpeg: "jpg", webp: "webp", gif: "gif" };

/** The largest image the store accepts: 5 MB. */
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;

const startsWith = (bytes: Uint8Array, signature: readonly number[], offset = 0) =>
  bytes.length >= offset + signature.length && signature.every((b, i) => bytes[offset + i] === b);

const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0));

/** The format these bytes are in, judged by their signature ("magic number"), or null for anything else. */
export function detectImageType(bytes: Uint8Array): ImageType | null {
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return "png";
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return "jpeg";
  if (startsWith(bytes, ascii("GIF87a")) || startsWith(bytes, ascii("GIF89a"))) return "gif";
  if (startsWith(bytes, ascii("RIFF")) && startsWith(bytes, ascii("WEBP"), 8)) return "webp";
  return null;
}

/** The largest canvas the store decodes: 40 megapixels (a decompression bomb declares far more). */
export const MAX_IMAGE_PIXELS = 40_000_000;
