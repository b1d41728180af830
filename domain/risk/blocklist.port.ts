import type { BlockEntry, BlockKind, Party } from "./blocklist.ts";

/** The blocklist staff keep (issue 37). */
export interface Blocklist {
  /** One page of the entries, newest first (expired ones too: staff see what lapsed), and how many there are. */
  list(page: { limit: number; offset: number; kind?: BlockKind | undefined }): Promise<{ entries: BlockEntry[]; total: number }>;
  byId(id: string): Promise<BlockEntry | null>;
  add(entry: BlockEntry): Promise<void>;
  /** Removes an entry; false when there was none. */
  remove(id: string): Promise<BlockEntry | null>;
  /** Whether any entry in force at `now` matches a part of the party. */
  matches(party: Party, now: Date): Promise<boolean>;
}
