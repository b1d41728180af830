import type { ItemRequest } from "./item-request.ts";

/** Stored item requests and what submitting one needs to know. */
export interface ItemRequestRepository {
  /** Whether a game with this id exists. */
  gameExists(gameId: string): Promise<boolean>;
  /**
   * How many requests were stored at or after `since` (ISO instant) with this email or from this
   * client key. Concurrent submissions may both see the same count: the limit is a brake, not a quota.
   */
  countRecent(sender: { email: string; clientKey: string }, since: string): Promise<number>;
  /** Stores a new request with the client key it came from. */
  add(request: ItemRequest, clientKey: string): Promise<void>;
}
