import { createHash, randomUUID } from "node:crypto";
import { mkdir, readFile, rename, writeFile } from "node:fs/promises";
import { join } from "node:path";
import sharp from "sharp";

/** Open Graph's recommended size: what Facebook, LinkedIn, X and chat apps show in full. */
export const OG_WIDTH = 1200;
export const OG_HEIGHT = 630;
const BACKGROUND = "#0b0b17";

/**
 * PNG previews for social sites (which do not render SVG), drawn from whatever image an item has
 * (SVG artwork or an uploaded picture), letterboxed on the site's background. Kept in
 * DATA_DIR/og-cache by the source's content hash: the same picture is drawn once, and a redrawn
 * picture gets a new file without anything to invalidate.
 */
export function createOgImages(dataDir: string) {
  const dir = join(dataDir, "og-cache");
  return {
    async png(source: Uint8Array): Promise<Uint8Array> {
      const file = join(dir, `${createHash("sha256").update(source).digest("hex").slice(0, 32)}.png`);
      try {
        return await readFile(file);
      } catch {
        // Not drawn yet.
      }
      const png = await sharp(source, { density: 300 })
        .resize(OG_WIDTH, OG_HEIGHT, { fit: "contain", background: BACKGROUND })
        .flatten({ background: BACKGROUND })
        .png()
        .toBuffer();
      await mkdir(dir, { recursive: true });
      // Written beside and renamed: a concurrent reader never sees half a file.
      const partial = `${file}.${process.pid}.${randomUUID()}.tmp`;
      await writeFile(partial, png);
      await rename(partial, file);
      return png;
    },
  };
}

export type OgImages = ReturnType<typeof createOgImages>;
