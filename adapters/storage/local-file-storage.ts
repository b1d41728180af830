import { randomBytes } from "node:crypto";
import { mkdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import type { ScreenshotStorage } from "#domain/shared/screenshot-storage.port.ts";

/** Stored file names: no path separators or dots beyond one extension, so a name can never leave the folder. */
const SAFE_NAME = /^[A-Za-z0-9_-]{1,100}\.[a-z0-9]{1,5}$/;

export interface LocalFileStorage extends ScreenshotStorage {
  /** The file's bytes, or null when there is no such file (or the name is not one we could have stored). */
  read(name: string): Promise<Uint8Array<ArrayBuffer> | null>;
}

/** Files in one folder under the data directory (e.g. DATA_DIR/uploads/reviews). */
export function createLocalFileStorage(dir: string): LocalFileStorage {
  function pathOf(name: string): string {
    if (!SAFE_NAME.test(name)) throw new Error(`unsafe file name ${JSON.stringify(name)}`);
    return join(dir, name);
  }
  return {
    async save(name, bytes) {
      const path = pathOf(name);
      await mkdir(dir, { recursive: true });
      // Written aside and renamed: a reader never sees half a file, a crash leaves no partial one.
      const temporary = join(dir, `.${randomBytes(8).toString("hex")}.tmp`);
      await writeFile(temporary, bytes, { flag: "wx" });
      await rename(temporary, path);
    },
    async remove(name) {
      await rm(pathOf(name), { force: true });
    },
    async read(name) {
      if (!SAFE_NAME.test(name)) return null;
      try {
        return new Uint8Array(await readFile(join(dir, name)));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
        throw error;
      }
    },
  };
}
