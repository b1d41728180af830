import type { IncomingMessage, ServerResponse } from "node:http";
import sirv from "sirv";
import { SECURITY_HEADERS } from "./pipeline-steps.ts";

/** Where the build puts its hashed client files (scripts, styles), under the client directory. */
export const CLIENT_ASSETS_PATH = "/_astro/";

/** A node:http handler that calls `next` when it has nothing to answer with. */
export type AssetHandler = (req: IncomingMessage, res: ServerResponse, next: () => void) => void;

/**
 * Serves the build's client files from `clientDir` (dist/client): the hashed scripts and styles
 * under /_astro/, each in the best encoding the browser accepts (the .br or .gz copy the build
 * wrote next to it, astro-compressor in astro.config.mjs, else the file itself; Astro's own static
 * handler sent them uncompressed, about 280 KB of JavaScript per page instead of about 90), and
 * the copied public files. The hashed names are cached for a year as immutable, as Astro's handler
 * did; the others are revalidated (public, max-age=0, as Astro's handler sent them). sirv reads
 * the directory once at start, so a page's path costs a map lookup, not a look on disk; a path it
 * does not know goes to `next` (Astro).
 */
export function serveClientAssets(clientDir: string): AssetHandler {
  return sirv(clientDir, {
    brotli: true,
    gzip: true,
    etag: true,
    immutable: true,
    maxAge: 31_536_000,
    setHeaders: (res, pathname) => {
      for (const [name, value] of Object.entries(SECURITY_HEADERS)) res.setHeader(name, value);
      // sirv keeps a header already set on the response over its own.
      if (!pathname.startsWith(CLIENT_ASSETS_PATH)) res.setHeader("Cache-Control", "public, max-age=0");
    },
  });
}
