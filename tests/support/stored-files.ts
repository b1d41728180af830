import type { FileStore } from "#domain/shared/file-store.port.ts";

/** The names of the files a store keeps in one folder ("logos", "reviews", "proofs"), whatever the store. */
export async function storedNames(store: FileStore, folder: string): Promise<string[]> {
  const names: string[] = [];
  for await (const key of store.keys()) if (key.startsWith(`${folder}/`)) names.push(key.slice(folder.length + 1));
  return names.sort();
}
