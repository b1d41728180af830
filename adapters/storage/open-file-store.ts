import type { Db } from "#adapters/db/database.ts";
import type { FileStore } from "#domain/shared/file-store.port.ts";
import { createDatabaseFileStore } from "./database-file-store.ts";
import { createFolderFileStore } from "./folder-file-store.ts";
import { createS3FileStore } from "./s3-file-store.ts";

export interface FileStoreSettings {
  dataDir: string;
  uploads: {
    s3: { url: string; region: string; credentials: { accessKeyId: string; secretAccessKey: string } | null } | null;
  };
}

/** The file store of this kind, with the configuration's settings (for the app and the move command). */
export function openFileStore(kind: FileStore["kind"], db: Db, settings: FileStoreSettings): FileStore {
  if (kind === "database") return createDatabaseFileStore(db);
  if (kind === "folder") return createFolderFileStore(settings.dataDir);
  if (!settings.uploads.s3) throw new Error("the s3 file store needs UPLOADS_S3_URL");
  return createS3FileStore(settings.uploads.s3);
}
