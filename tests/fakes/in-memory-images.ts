import type { ImageProcessor } from "#domain/shared/image-processor.port.ts";

/**
 * Stands in for the image library in unit tests: every picture declares `size`, and "stripping"
 * marks the bytes so a test can tell the stored file went through it.
 */
export function fakeImageProcessor(size = { width: 10, height: 10 }): ImageProcessor & { stripped: number } {
  const processor = {
    stripped: 0,
    async dimensions() {
      return size;
    },
    async withoutMetadata(bytes: Uint8Array) {
      processor.stripped++;
      return bytes;
    },
  };
  return processor;
}
