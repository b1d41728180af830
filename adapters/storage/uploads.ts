import { IMAGE_EXTENSIONS, IMAGE_TYPES, detectImageType } from "#domain/shared/image.ts";
import type { FileStore, StoredFile } from "#domain/shared/file-store.port.ts";
import type { ImageStorage } from "#domain/shared/image-storage.port.ts";
import { isStoreKey, sha256Of } from "./file-keys.ts";

/** Public uploads are served from /uploads/<folder>/<name>. */
export const UPLOADS_URL_PREFIX = "/uploads";

// The folders anyone may read through /uploads. Review screenshots and delivery proofs are in the
// same store but only their own routes serve them, after checking who asks.
const PUBLIC_FOLDERS = new Set(["logos"]);

export interface Uploads {
  /** Storage for one kind of public upload ("logos"): content-addressed names. */
  storage(folder: string): ImageStorage;
  /** The public file at "<folder>/<name>.<ext>", or null when it is not one (or not public). */
  read(path: string): Promise<StoredFile | null>;
}

export function createUploads(store: FileStore): Uploads {
  return {
    storage(folder) {
      if (!PUBLIC_FOLDERS.has(folder)) throw new Error(`not a public upload folder: ${folder}`);
      return {
        async save(bytes, type) {
          // Named by the SHA-256 of its bytes: a URL can only ever show these bytes, so browsers
          // and CDNs may keep it for good, and the same logo uploaded twice is kept once.
          const name = `${sha256Of(bytes)}.${IMAGE_EXTENSIONS[type]}`;
          await store.put(`${folder}/${name}`, bytes, IMAGE_TYPES[type]);
          return `${UPLOADS_URL_PREFIX}/${folder}/${name}`;
        },
      };
    },
    async read(path) {
      if (!isStoreKey(path) || !PUBLIC_FOLDERS.has(path.slice(0, path.indexOf("/")))) return null;
      return store.get(path);
    },
  };
}

/** Private files of one folder ("reviews", "proofs"), by name: the domain's screenshot and proof storage. */
export interface PrivateFolder {
  save(name: string, bytes: Uint8Array): Promise<void>;
  remove(name: string): Promise<void>;
  read(name: string): Promise<Uint8Array<ArrayBuffer> | null>;
  /** The file with its ETag, or null. */
  file(name: string): Promise<StoredFile | null>;
  /** A short-lived direct URL (S3 presigned GET), or null when the store has none. */
  presignedGet(name: string, contentType: string, seconds: number): Promise<string | null>;
}

export function createPrivateFolder(store: FileStore, folder: string): PrivateFolder {
  if (PUBLIC_FOLDERS.has(folder)) throw new Error(`${folder} is a public folder`);
  const keyOf = (name: string) => {
    const key = `${folder}/${name}`;
    if (!isStoreKey(key)) throw new Error(`unsafe file name ${JSON.stringify(name)}`);
    return key;
  };
  return {
    async save(name, bytes) {
      const type = detectImageType(bytes);
      await store.put(keyOf(name), bytes, type ? IMAGE_TYPES[type] : "application/octet-stream");
    },
    remove: (name) => store.remove(keyOf(name)),
    async read(name) {
      if (!isStoreKey(`${folder}/${name}`)) return null;
      return (await store.get(keyOf(name)))?.bytes ?? null;
    },
    async file(name) {
      if (!isStoreKey(`${folder}/${name}`)) return null;
      return store.get(keyOf(name));
    },
    presignedGet: (name, contentType, seconds) => store.presignedGet(keyOf(name), contentType, seconds),
  };
}
