import type { FileStore } from "#domain/shared/file-store.port.ts";

export interface CopyFilesReport {
  copied: number;
  /** Keys the target already had with the same bytes (a second run after an interruption). */
  alreadyThere: number;
  /** Keys whose copy does not read back as the source's bytes. */
  mismatched: string[];
  /** Keys whose copy was read back equal: the ones a move may remove from the source. */
  verified: string[];
}

/**
 * Copies every file of one store into another and reads each copy back: the same SHA-256 (ETag)
 * and size as the source's, or it is reported. The source keeps its files, so a store can be
 * switched back until the operator removes them. Safe to run again: files already copied are checked.
 */
export async function copyFiles(from: FileStore, to: FileStore, progress: (done: number) => void = () => {}): Promise<CopyFilesReport> {
  const report: CopyFilesReport = { copied: 0, alreadyThere: 0, mismatched: [], verified: [] };
  let done = 0;
  for await (const key of from.keys()) {
    const file = await from.get(key);
    if (!file) continue; // removed since it was listed
    const existing = await to.get(key);
    if (existing?.etag === file.etag) {
      report.alreadyThere++;
      report.verified.push(key);
    } else {
      // A different file under the same key is replaced: names are random or content addresses, so
      // a difference can only be a broken earlier copy.
      if (existing) await to.remove(key);
      await to.put(key, file.bytes, file.contentType);
      const copy = await to.get(key);
      if (!copy || copy.etag !== file.etag || copy.bytes.byteLength !== file.bytes.byteLength) report.mismatched.push(key);
      else {
        report.copied++;
        report.verified.push(key);
      }
    }
    progress(++done);
  }
  return report;
}
