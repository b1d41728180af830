import type { BlockEntry, Party } from "./blocklist.ts";

/** The blocklist staff keep (issue 37). */
export interface Blocklist {
  /** The entries, newest first (expired ones too: staff see what lapsed). */
  list(): Promise<BlockEntry[]>;
  add(entry: BlockEntry): Promise<void>;
  /** Removes an entry; false when there was none. */
  remove(id: string): Promise<BlockEntry | null>;
  /** Whether any entry in force at `now` matches a part of the party. */
  matches(party: Party, now: Date): Promise<boolean>;
}
