/** A Roblox account as Roblox's users and thumbnails APIs describe it. */
export interface RobloxUser {
  /** The stable numeric user id: items are delivered to it, since names can be changed. */
  id: number;
  /** The username (unique, changeable for Robux). */
  name: string;
  /** The display name (not unique, changeable every 7 days): what the shopper recognises. */
  displayName: string;
  /** When the account was created at Roblox. */
  created: Date;
  banned: boolean;
  /** The avatar headshot (150x150 PNG), null while Roblox has none ready. */
  avatarUrl: string | null;
}

/** A look-up's outcome: the account, no such account, or Roblox could not be asked just now. */
export type RobloxLookup = { kind: "found"; user: RobloxUser } | { kind: "missing" } | { kind: "unreachable" };

/**
 * Roblox's directory of accounts. Never throws for Roblox's own failures (a timeout, a 5xx, a 429):
 * those are `unreachable`, so a caller can go on without the check. Names are matched as Roblox
 * matches them (case-insensitively); concurrent calls for one name may each ask Roblox.
 */
export interface RobloxDirectory {
  byUsername(username: string): Promise<RobloxLookup>;
  byId(userId: number): Promise<RobloxLookup>;
}
