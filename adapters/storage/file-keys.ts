import { createHash } from "node:crypto";

// Only keys this store itself writes: one folder, one generated name with one short extension. No
// dots, slashes or backslashes elsewhere, so "..", absolute paths and encoded tricks never reach
// a file system, a table or a bucket.
const KEY = /^([a-z][a-z0-9-]{0,30})\/([A-Za-z0-9_-]{1,100})\.([a-z0-9]{1,5})$/;

export function isStoreKey(key: string): boolean {
  return KEY.test(key);
}

export function assertStoreKey(key: string): void {
  if (!KEY.test(key)) throw new Error(`unsafe file key ${JSON.stringify(key)}`);
}

/** The folder part of a key ("proofs" of "proofs/x.png"). */
export function folderOf(key: string): string {
  return key.slice(0, key.indexOf("/"));
}

/** The SHA-256 of the bytes, base64url: a content address and a strong ETag's value. */
export function sha256Of(bytes: Uint8Array): string {
  return createHash("sha256").update(bytes).digest("base64url");
}

export function etagOf(sha256: string): string {
  return `"${sha256}"`;
}
