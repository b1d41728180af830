import type { StoredFile } from "#domain/shared/file-store.port.ts";
import { ifNoneMatch } from "./conditional.ts";

/**
 * A stored file's answer with HTTP's own caching and partial reads: a strong ETag (the SHA-256 of
 * its bytes, the same from every process and store), 304 for If-None-Match, and one byte range
 * (206, or 416 when it lies outside the file); If-Range with another tag gets the whole file. Several
 * ranges in one request get the whole file too (allowed by RFC 9110, and no browser needs them here).
 */
export function fileResponse(request: Request, file: StoredFile, headers: Record<string, string>): Response {
  const size = file.bytes.byteLength;
  const common = { etag: file.etag, "accept-ranges": "bytes", ...headers };
  if (ifNoneMatch(request).some((tag) => tag === file.etag || tag === "*")) return new Response(null, { status: 304, headers: common });
  const range = request.headers.get("range");
  const ifRange = request.headers.get("if-range");
  if (range && (ifRange === null || ifRange === file.etag)) {
    const wanted = byteRange(range, size);
    if (wanted === "unsatisfiable") {
      return new Response(null, { status: 416, headers: { ...common, "content-range": `bytes */${size}` } });
    }
    if (wanted) {
      const [start, end] = wanted;
      return new Response(file.bytes.slice(start, end + 1), {
        status: 206,
        headers: { ...common, "content-type": file.contentType, "content-length": String(end - start + 1), "content-range": `bytes ${start}-${end}/${size}` },
      });
    }
  }
  return new Response(request.method === "HEAD" ? null : file.bytes, {
    headers: { ...common, "content-type": file.contentType, "content-length": String(size) },
  });
}

/** The one range of a Range header as [first, last] byte, "unsatisfiable", or null to answer the whole file. */
export function byteRange(header: string, size: number): [number, number] | "unsatisfiable" | null {
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match) return null; // not one byte range (several, or another unit): the whole file
  const [, from = "", to = ""] = match;
  if (from === "" && to === "") return null;
  if (from === "") {
    const suffix = Number(to);
    if (suffix === 0 || size === 0) return "unsatisfiable";
    return [Math.max(0, size - suffix), size - 1];
  }
  const start = Number(from);
  const end = to === "" ? size - 1 : Math.min(Number(to), size - 1);
  if (start >= size || (to !== "" && Number(to) < start)) return "unsatisfiable";
  return [start, end];
}
