import { randomBytes } from "node:crypto";
import { mkdir, readdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import { join, resolve } from "node:path";
import type { FileStore } from "#domain/shared/file-store.port.ts";
import { assertStoreKey, etagOf, folderOf, isStoreKey, sha256Of } from "./file-keys.ts";

const CONTENT_TYPE: Record<string, string> = { png: "image/png", jpg: "image/jpeg", webp: "image/webp", gif: "image/gif" };

/**
 * Files in folders under DATA_DIR, as the store kept them before the database held them: a single
 * machine's choice (UPLOADS_STORE=folder). Delivery proofs stay in DATA_DIR/proofs and every other
 * folder under DATA_DIR/uploads, the layout earlier versions wrote, so an existing shop keeps its
 * files where they are.
 */
export function createFolderFileStore(dataDir: string): FileStore {
  const uploads = resolve(dataDir, "uploads");
  const directoryOf = (folder: string) => (folder === "proofs" ? resolve(dataDir, "proofs") : join(uploads, folder));
  const pathOf = (key: string) => join(directoryOf(folderOf(key)), key.slice(key.indexOf("/") + 1));
  return {
    kind: "folder",
    async put(key, bytes) {
      assertStoreKey(key);
      const directory = directoryOf(folderOf(key));
      await mkdir(directory, { recursive: true });
      // Written aside and renamed: a reader never sees half a file, a crash leaves no partial one.
      const temporary = join(directory, `.${randomBytes(8).toString("hex")}.tmp`);
      await writeFile(temporary, bytes, { flag: "wx" });
      await rename(temporary, pathOf(key));
    },
    async get(key) {
      if (!isStoreKey(key)) return null;
      try {
        const bytes = new Uint8Array(await readFile(pathOf(key)));
        return { bytes, contentType: CONTENT_TYPE[key.slice(key.lastIndexOf(".") + 1)] ?? "application/octet-stream", etag: etagOf(sha256Of(bytes)) };
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
        throw error;
      }
    },
    async remove(key) {
      if (!isStoreKey(key)) return;
      await rm(pathOf(key), { force: true });
    },
    async *keys() {
      const folders = [...(await namesIn(uploads)).map((folder) => `${folder}`), "proofs"];
      for (const folder of new Set(folders)) {
        for (const name of await namesIn(directoryOf(folder))) {
          const key = `${folder}/${name}`;
          if (isStoreKey(key)) yield key;
        }
      }
    },
    presignedGet: async () => null,
  };
}

async function namesIn(directory: string): Promise<string[]> {
  try {
    return await readdir(directory);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return [];
    throw error;
  }
}
