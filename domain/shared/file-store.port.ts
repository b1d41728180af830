/**
 * Where the store keeps the bytes of uploaded files (game logos, review screenshots, delivery
 * proofs), whatever holds them: the database, a local folder, or S3-compatible object storage.
 * A key is "<folder>/<name>.<extension>" (e.g. "proofs/3f2c....png"); who may read a key is decided
 * by the routes that serve it, never by the store.
 */
export interface FileStore {
  /** Which kind of store this is, for logs and the move command. */
  readonly kind: "database" | "folder" | "s3";
  /** Keeps the bytes under the key, all or nothing. Keys are random or content addresses, never reused for other bytes. */
  put(key: string, bytes: Uint8Array, contentType: string): Promise<void>;
  /** The file, or null when there is no such key. */
  get(key: string): Promise<StoredFile | null>;
  /** Removes the file; a missing key is not an error. */
  remove(key: string): Promise<void>;
  /** Every key kept, in no particular order (for moving files between stores). */
  keys(): AsyncIterable<string>;
  /**
   * A URL the browser may fetch the file from directly for `seconds` (S3's presigned GET), or null
   * when this store has none and the store's own route must serve the bytes.
   */
  presignedGet(key: string, contentType: string, seconds: number): Promise<string | null>;
}

export interface StoredFile {
  bytes: Uint8Array<ArrayBuffer>;
  contentType: string;
  /** A strong entity tag of the bytes (their SHA-256), the same on every store and process. */
  etag: string;
}
