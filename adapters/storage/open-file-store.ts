import type { Db } from "#adapters/db/database.ts";
import type { FileStore } from "#domain/shared/file-store.port.ts";
import { createDatabaseFileStore } from "./database-file-store.ts";
import { createFolderFileStore } from "./folder-file-store.ts";
import { parseS3Url, type S3Settings } from "./s3-url.ts";

export interface FileStoreSettings {
  dataDir: string;
  uploads: {
    s3: S3Settings | null;
  };
}

/** The file store of this kind, with the configuration's settings (for the app and the move command). */
export function openFileStore(kind: FileStore["kind"], db: Db, settings: FileStoreSettings): FileStore {
  if (kind === "database") return createDatabaseFileStore(db);
  if (kind === "folder") return createFolderFileStore(settings.dataDir);
  if (!settings.uploads.s3) throw new Error("the s3 file store needs UPLOADS_S3_URL");
  parseS3Url(settings.uploads.s3.url); // a wrong URL stops the start, as before, not the first upload
  return s3WhenFirstUsed(settings.uploads.s3);
}

/**
 * The S3 store, its module (and the AWS SDK with it) loaded by the first file operation: the SDK
 * is several MB of a process's heap, which a store keeping its files elsewhere never needs
 * (docs/serving-and-caching.md, "Less to hold").
 */
function s3WhenFirstUsed(settings: S3Settings): FileStore {
  let opened: Promise<FileStore> | null = null;
  const store = () => (opened ??= import("./s3-file-store.ts").then((module) => module.createS3FileStore(settings)));
  return {
    kind: "s3",
    put: async (key, bytes, contentType) => (await store()).put(key, bytes, contentType),
    get: async (key) => (await store()).get(key),
    remove: async (key) => (await store()).remove(key),
    async *keys() {
      yield* (await store()).keys();
    },
    presignedGet: async (key, contentType, seconds) => (await store()).presignedGet(key, contentType, seconds),
  };
}
