import type { ImageType } from "./image.ts";

/** What the store needs of an image library to accept an uploaded picture safely. */
export interface ImageProcessor {
  /**
   * The picture's width and height as its header declares them, read without decoding the pixels
   * (so a small file declaring a huge canvas costs nothing); null when the bytes cannot be read as
   * a picture at all.
   */
  dimensions(bytes: Uint8Array): Promise<{ width: number; height: number } | null>;
  /**
   * The same picture, in the same format, with its metadata removed (EXIF with camera and GPS
   * position, XMP, comments) and its EXIF orientation applied to the pixels. Throws when the
   * pixels cannot be decoded.
   */
  withoutMetadata(bytes: Uint8Array, type: ImageType): Promise<Uint8Array>;
}
