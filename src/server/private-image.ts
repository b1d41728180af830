import { detectImageType, IMAGE_TYPES } from "#domain/shared/image.ts";

/**
 * A stored image for the eyes of its owner and staff only (review screenshots, delivery proofs):
 * its content type from its own bytes (never from a file name), kept by no shared cache, and
 * rendered as nothing but an image. Null when the bytes are missing or are not an image.
 */
export function privateImageResponse(bytes: Uint8Array<ArrayBuffer> | null): Response | null {
  const type = bytes ? detectImageType(bytes) : null;
  if (!bytes || !type) return null;
  return new Response(bytes, {
    headers: {
      "content-type": IMAGE_TYPES[type],
      "content-length": String(bytes.byteLength),
      "cache-control": "private, max-age=3600",
      "content-security-policy": "default-src 'none'; sandbox",
      "x-content-type-options": "nosniff",
    },
  });
}
