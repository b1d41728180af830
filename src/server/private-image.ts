import { detectImageType, IMAGE_TYPES, type ImageType } from "#domain/shared/image.ts";
import type { PrivateFolder } from "#adapters/storage/uploads.ts";
import type { StoredFile } from "#domain/shared/file-store.port.ts";
import { fileResponse } from "./file-response.ts";

const PRIVATE_HEADERS = {
  "cache-control": "private, max-age=3600",
  "content-security-policy": "default-src 'none'; sandbox",
  "x-content-type-options": "nosniff",
};

/**
 * A stored image for the eyes of its owner and staff only (review screenshots, delivery proofs):
 * its content type from its own bytes (never from a file name or the store), kept by no shared
 * cache, rendered as nothing but an image, with its ETag and ranges. Null when the file is missing
 * or is not an image.
 */
export function privateImageResponse(request: Request, file: StoredFile | null): Response | null {
  const type = file ? detectImageType(file.bytes) : null;
  if (!file || !type) return null;
  return fileResponse(request, { ...file, contentType: IMAGE_TYPES[type] }, PRIVATE_HEADERS);
}

/** Seconds a presigned GET of a private file stays valid: long enough for the browser to follow the redirect. */
export const PRESIGNED_GET_SECONDS = 60;

/**
 * With S3 and UPLOADS_S3_PRESIGNED_GETS on, the answer that sends the browser to the bucket for
 * this private file (called after the route's permission check); null otherwise.
 */
export async function privateImageRedirect(
  app: { config: { uploads: { presignedGets: boolean } } },
  folder: PrivateFolder,
  name: string,
): Promise<Response | null> {
  if (!app.config.uploads.presignedGets) return null;
  // The type from the name the store gave the file when it had checked its bytes.
  const type = IMAGE_TYPES[EXTENSION_TYPES[name.slice(name.lastIndexOf(".") + 1)] ?? "png"];
  const url = await folder.presignedGet(name, type, PRESIGNED_GET_SECONDS);
  return url ? presignedRedirect(url) : null;
}

const EXTENSION_TYPES: Record<string, ImageType> = { png: "png", jpg: "jpeg", webp: "webp", gif: "gif" };

/**
 * The browser sent to the bucket for a private file (S3 with UPLOADS_S3_PRESIGNED_GETS on), after the
 * route's own permission check: a URL signed for a minute, never kept by any cache.
 */
export function presignedRedirect(url: string): Response {
  return new Response(null, { status: 302, headers: { location: url, "cache-control": "private, no-store", "referrer-policy": "no-referrer" } });
}
