import { gzipSync } from "node:zlib";
import { LRUCache } from "lru-cache";
import type { Clock } from "#domain/shared/clock.port.ts";
import type { CatalogueStamp } from "#read-models/storefront/catalogue-version.query.ts";
import { matchRoute } from "./route-matcher.ts";

/*
 * Which answers are kept is the route manifest's `cacheable` (src/server/routes.ts): the responses
 * that depend on nothing but their URL and what the storefront shows (catalogue and content): the
 * catalogue and content pages, the static pages and the catalogue API. Not who asks: these pages are
 * the same HTML for guests and signed-in shoppers (the header's account slot, the cart badge and the
 * wishlist hearts fill themselves in on the client), so a session cookie does not keep a request off
 * the cache. Not the time, except through the stock that prepared checkouts hold and the prices a
 * scheduled sale lowers from its start to its end (an entry lives until the next of those moments). Every kept answer
 * is checked against the one catalogue version. A page marked cacheable must render nothing of the
 * person asking (tests/e2e/page-cache.spec.ts checks them for two shoppers). A page marked
 * `cacheable: "signed-in"` (the dashboard) is kept and served only for a signed-in shopper: its
 * shell is the same for all of them, while a visitor without a session is shown something else.
 */

/** An upper bound on any entry's life, in case a cached page ever shows something time-dependent. */
export const CATALOGUE_CACHE_MAX_AGE_MS = 60_000;
// Bounded by bytes as well as entries: the demo store's every page and API answer (about 250
// entries, plain and gzipped) take about 12 MB; query strings nobody links to (?x=1, ?x=2...) can
// only push older entries out, never grow the process past this.
const MAX_ENTRIES = 1000;
const MAX_BYTES = 24 * 1024 * 1024;

interface Entry {
  version: number;
  /** Node's header object for the plain and the gzipped answer, made once (see peek). */
  nodeHeaders: { plain: Record<string, string>; gzip: Record<string, string> | null };
  /** Epoch ms after which the entry is not served (a hold ends, or the max age). */
  validUntil: number;
  status: number;
  body: Uint8Array<ArrayBuffer>;
  /** The body gzipped once when the entry is made (pages shrink about 5x), for clients that accept it. */
  gzipped: Uint8Array<ArrayBuffer> | null;
}

/** Smaller bodies gain too little from compression to pay for its headers. */
const GZIP_MIN_BYTES = 1024;

/**
 * Rendered catalogue responses kept by one server process. Every hit first reads the catalogue's
 * version from the database (one prepared query) and is served only when the entry was rendered at
 * that version, so an edit saved through any process, a sale's stock change or a new hold is seen
 * by the very next request everywhere; nothing is invalidated by messages between processes.
 */
/** A kept answer as node:http writes it: status, headers (x-cache: hit, content-length set) and bytes. */
export interface KeptAnswer {
  status: number;
  headers: Record<string, string>;
  body: Uint8Array;
}

export interface CatalogueCache {
  /**
   * The kept answer for a GET of this path and query while it is still valid, for node's own
   * response (src/server/node-answers/cached-page.ts): no fetch Request or Response is built around it.
   * `signedIn` is asked only for a page kept for signed-in shoppers alone (it reads the session).
   */
  peek(pathAndQuery: string, acceptEncoding: string | undefined, signedIn?: SignedIn): Promise<KeptAnswer | undefined>;
  /** The cached response, or `render()`'s, which is kept when the request and response are cacheable. */
  serve(request: Request, render: () => Promise<Response>, signedIn?: SignedIn): Promise<Response>;
}

/** Whether the asker is signed in; read only where the answer depends on it. Absent: a guest. */
export type SignedIn = () => Promise<boolean>;

export interface CatalogueCacheDeps {
  readVersion(): Promise<number>;
  readStamp(now: Date): Promise<CatalogueStamp>;
  clock: Clock;
}

/** True for the paths whose GET answers may be cached, whoever asks. */
export function isCataloguePath(pathname: string): boolean {
  return matchRoute(pathname)?.route.cacheable === true;
}

/** Whether this path's GET answer for this asker may be kept or served from the cache. */
async function keptForAsker(pathname: string, signedIn: SignedIn | undefined): Promise<boolean> {
  const cacheable = matchRoute(pathname)?.route.cacheable;
  if (cacheable === "signed-in") return signedIn !== undefined && (await signedIn());
  return cacheable === true;
}

/** CATALOGUE_CACHE=off: every request renders (to rule the cache out when something looks stale). */
export const noCatalogueCache: CatalogueCache = {
  peek: async () => undefined,
  serve: (_request, render) => render(),
};

export function createCatalogueCache(deps: CatalogueCacheDeps): CatalogueCache {
  const entries = new LRUCache<string, Entry>({
    max: MAX_ENTRIES,
    maxSize: MAX_BYTES,
    sizeCalculation: (entry) => Math.max(1, entry.body.byteLength + (entry.gzipped?.byteLength ?? 0)),
  });

  const keyOf = (url: URL) => url.pathname + url.search;
  const acceptsGzip = (acceptEncoding: string | null | undefined) => /\bgzip\b/.test(acceptEncoding ?? "");
  // x-cache says whether the answer was kept or rendered for this request (operators and tests read it).
  // The gzipped copy for clients that accept it, else the plain bytes.
  const variantOf = (entry: Entry, acceptEncoding: string | null | undefined): KeptAnswer =>
    entry.gzipped && entry.nodeHeaders.gzip && acceptsGzip(acceptEncoding)
      ? { status: entry.status, headers: entry.nodeHeaders.gzip, body: entry.gzipped }
      : { status: entry.status, headers: entry.nodeHeaders.plain, body: entry.body };
  const toResponse = (entry: Entry, request: Request, state: "hit" | "miss") => {
    const { status, headers, body } = variantOf(entry, request.headers.get("accept-encoding"));
    return new Response(body.byteLength ? (body as Uint8Array<ArrayBuffer>) : null, { status, headers: { ...headers, "x-cache": state } });
  };

  async function validEntry(key: string): Promise<Entry | undefined> {
    const entry = entries.get(key);
    if (!entry) return undefined;
    if (deps.clock.now().getTime() >= entry.validUntil || entry.version !== (await deps.readVersion())) {
      entries.delete(key);
      return undefined;
    }
    return entry;
  }

  return {
    async peek(pathAndQuery, acceptEncoding, signedIn) {
      const end = pathAndQuery.indexOf("?");
      if (!(await keptForAsker(end === -1 ? pathAndQuery : pathAndQuery.slice(0, end), signedIn))) return undefined;
      const entry = await validEntry(pathAndQuery);
      return entry ? variantOf(entry, acceptEncoding) : undefined;
    },

    async serve(request, render, signedIn) {
      const url = new URL(request.url);
      if (request.method !== "GET" || !(await keptForAsker(url.pathname, signedIn))) return render();
      const key = keyOf(url);
      const cached = await validEntry(key);
      if (cached) return toResponse(cached, request, "hit");
      // Read before rendering: a write that lands while we render makes the entry stale at once.
      const now = deps.clock.now();
      const stamp = await deps.readStamp(now);
      const response = await render();
      if (response.status !== 200 || response.headers.has("set-cookie") || response.headers.has("content-encoding")) return response;
      const body = new Uint8Array(await response.arrayBuffer());
      const gzipped = body.byteLength >= GZIP_MIN_BYTES ? new Uint8Array(gzipSync(body)) : null;
      const headers: [string, string][] = [...response.headers];
      const entry: Entry = {
        version: stamp.version,
        nodeHeaders: {
          plain: nodeHeadersOf(headers, body.byteLength, gzipped ? { vary: "accept-encoding" } : {}),
          gzip: gzipped ? nodeHeadersOf(headers, gzipped.byteLength, { vary: "accept-encoding", "content-encoding": "gzip" }) : null,
        },
        // A hold's end frees stock, a sale's start or end changes prices: neither writes anything.
        validUntil: Math.min(
          now.getTime() + CATALOGUE_CACHE_MAX_AGE_MS,
          stamp.nextHoldExpiry?.getTime() ?? Infinity,
          stamp.nextPriceChange?.getTime() ?? Infinity,
        ),
        status: response.status,
        body,
        gzipped,
      };
      entries.set(key, entry);
      return toResponse(entry, request, "miss");
    },
  };
}

/** The header object node:http writes for a kept answer: the rendered headers, its length, x-cache: hit. */
function nodeHeadersOf(headers: [string, string][], length: number, extra: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of headers) out[name] = value;
  return { ...out, ...extra, "x-cache": "hit", "content-length": String(length) };
}
