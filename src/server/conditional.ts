import { createHash } from "node:crypto";

/**
 * Conditional GETs for polled endpoints. Answers are `private, no-cache`: only the visitor's own
 * browser may keep a copy, and it must revalidate it every time, so a plain `fetch` poll (the spec's
 * client) gets a 304 from us and its cached copy from the browser without any change on its side.
 * `Vary: Cookie` keeps a copy made for one session from answering another.
 */
export const POLL_CACHE_HEADERS = { "cache-control": "private, no-cache", vary: "Cookie" } as const;

/** The entity tags of an If-None-Match header, weak or strong; "*" matches anything. */
export function ifNoneMatch(request: Request): string[] {
  const header = request.headers.get("if-none-match");
  if (!header) return [];
  return header
    .split(",")
    .map((tag) => tag.trim().replace(/^W\//, ""))
    .filter((tag) => tag !== "");
}

/** The ETag of a chat at a version (the position of its last message). */
export function versionEtag(version: number): string {
  return `"v${version}"`;
}

/** The chat versions a client says it holds, read from If-None-Match. */
export function knownVersions(request: Request): number[] {
  return ifNoneMatch(request).flatMap((tag) => {
    const match = /^"v(\d{1,15})"$/.exec(tag);
    return match ? [Number(match[1])] : [];
  });
}

export function notModified(etag: string): Response {
  return new Response(null, { status: 304, headers: { etag, ...POLL_CACHE_HEADERS } });
}

/**
 * JSON with an ETag of its own bytes (and of `headers`, which are part of the answer: a list's total);
 * 304 without a body when the client already has exactly these.
 */
export function conditionalJson(request: Request, body: unknown, headers: Record<string, string> = {}): Response {
  const text = JSON.stringify(body);
  const extra = Object.keys(headers).length > 0 ? JSON.stringify(headers) : "";
  const etag = `"h${createHash("sha256")
    .update(text + extra)
    .digest("base64url")
    .slice(0, 27)}"`;
  if (ifNoneMatch(request).some((tag) => tag === etag || tag === "*"))
    return new Response(null, { status: 304, headers: { etag, ...POLL_CACHE_HEADERS, ...headers } });
  return new Response(text, { status: 200, headers: { "content-type": "application/json; charset=utf-8", etag, ...POLL_CACHE_HEADERS, ...headers } });
}
