/** Where review screenshots' bytes are kept (files under the data directory): reviews writes them, accounts deletes a leaving shopper's. */
export interface ScreenshotStorage {
  /** Stores the bytes under this name (letters, digits, '-', '_' and an extension); all or nothing. */
  save(name: string, bytes: Uint8Array): Promise<void>;
  /** Removes the file; a missing file is not an error. */
  remove(name: string): Promise<void>;
  /** The file's bytes, or null when there is no such file. */
  read(name: string): Promise<Uint8Array<ArrayBuffer> | null>;
}
