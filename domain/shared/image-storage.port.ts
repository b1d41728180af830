import type { ImageType } from "./image.ts";

/** Where uploaded pictures are kept and from which stable URL they are served. */
export interface ImageStorage {
  /**
   * Stores already-checked image bytes under a new, unguessable name and answers the site path
   * they are served from (e.g. "/uploads/logos/3f2c....png"). Never overwrites an existing file,
   * so concurrent uploads never clash and a served URL never changes content.
   */
  save(bytes: Uint8Array, type: ImageType): Promise<string>;
}
