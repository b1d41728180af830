import type { ParentLink } from "./parent-link.ts";

/** The links minors' checkouts send to parents. */
export interface ParentLinkRepository {
  /**
   * Stores a new link and returns its token, made here and kept only as its hash. The checkout's
   * earlier links end (expire now): one open link per checkout, the one just sent.
   */
  add(link: Omit<ParentLink, "id" | "declinedAt">): Promise<string>;
  /** The link of this token, whatever its state, or null (no such token). */
  byToken(token: string): Promise<ParentLink | null>;
  /** Records the parent's "not now"; false when it was declined already (a racing decline). */
  decline(linkId: string, at: Date): Promise<boolean>;
}
