import { randomUUID } from "node:crypto";
import { mkdir, readFile, writeFile } from "node:fs/promises";
import { join, resolve, sep } from "node:path";
import { IMAGE_TYPES, type ImageType } from "#domain/shared/image.ts";
import type { ImageStorage } from "#domain/shared/image-storage.port.ts";

/** Uploaded files live under DATA_DIR/uploads/<folder>/ and are served from /uploads/<folder>/<name>. */
export const UPLOADS_URL_PREFIX = "/uploads";

const EXTENSION: Record<ImageType, string> = { png: "png", jpeg: "jpg", webp: "webp", gif: "gif" };
const CONTENT_TYPE: Record<string, string> = {
  png: IMAGE_TYPES.png,
  jpg: IMAGE_TYPES.jpeg,
  webp: IMAGE_TYPES.webp,
  gif: IMAGE_TYPES.gif,
};

// Only names this store itself writes can be read back: one folder, one generated file name with an
// image extension. No dots, slashes or backslashes elsewhere, so "..", absolute paths and encoded
// tricks never reach the file system.
const SERVABLE = /^([a-z][a-z0-9-]{0,30})\/([A-Za-z0-9-]{1,100})\.(png|jpg|webp|gif)$/;

export interface UploadedFile {
  bytes: Uint8Array<ArrayBuffer>;
  contentType: string;
}

export interface Uploads {
  /** Storage for one kind of upload ("logos", "screenshots"). */
  storage(folder: string): ImageStorage;
  /** The file at "<folder>/<name>.<ext>" below the uploads folder, or null when it is not one of ours. */
  read(path: string): Promise<UploadedFile | null>;
}

export function createUploads(dataDir: string): Uploads {
  const root = resolve(dataDir, "uploads");
  return {
    storage(folder) {
      if (!/^[a-z][a-z0-9-]{0,30}$/.test(folder)) throw new Error(`bad upload folder ${folder}`);
      return {
        async save(bytes, type) {
          const directory = join(root, folder);
          await mkdir(directory, { recursive: true });
          const name = `${randomUUID()}.${EXTENSION[type]}`;
          // "wx": never overwrite, so a served URL never changes what it shows.
          await writeFile(join(directory, name), bytes, { flag: "wx" });
          return `${UPLOADS_URL_PREFIX}/${folder}/${name}`;
        },
      };
    },
    async read(path) {
      const match = SERVABLE.exec(path);
      if (!match) return null;
      const file = resolve(root, path);
      if (!file.startsWith(root + sep)) return null;
      try {
        return { bytes: await readFile(file), contentType: CONTENT_TYPE[match[3] ?? ""] ?? "application/octet-stream" };
      } catch (error) {
        if ((error as { code?: string }).code === "ENOENT") return null;
        throw error;
      }
    },
  };
}
