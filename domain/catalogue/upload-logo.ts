import { DomainError } from "../shared/domain-error.ts";
import { acceptImage } from "../shared/accept-image.ts";
import { MAX_IMAGE_BYTES } from "../shared/image.ts";
import type { ImageProcessor } from "../shared/image-processor.port.ts";
import type { ImageStorage } from "../shared/image-storage.port.ts";
import { ErrorCode } from "../shared/error-codes.ts";

/**
 * Keeps a game logo an administrator uploaded and answers the URL to store as the game's
 * thumbnail. The bytes must be a PNG, JPEG, WebP or GIF picture of at most 5 MB, whatever the file
 * is called, and of at most 40 megapixels; it is stored without its metadata. Anything else is
 * refused and nothing is stored.
 */
export async function uploadLogo(bytes: Uint8Array, deps: { storage: ImageStorage; images: ImageProcessor }): Promise<{ url: string }> {
  if (bytes.length === 0) throw new DomainError("invalid", ErrorCode.emptyImage, "The image is empty");
  if (bytes.length > MAX_IMAGE_BYTES) throw new DomainError("too_large", ErrorCode.imageTooLarge, "The image is larger than 5 MB");
  const accepted = await acceptImage(bytes, deps.images);
  if (!accepted) throw new DomainError("invalid", ErrorCode.notAnImage, "The file is not a PNG, JPEG, WebP or GIF image");
  return { url: await deps.storage.save(accepted.bytes, accepted.type) };
}
