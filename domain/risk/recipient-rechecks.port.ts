import type { RiskRule } from "./risk-rules.ts";

/** An open order whose recipient the re-check job asks Roblox about again, as it claimed it. */
export interface RecipientRecheck {
  orderId: string;
  /** The name on the order: as typed when not checked, Roblox's spelling when checked. */
  robloxUsername: string;
  /** The checked account's id; null for a name that went through "not checked". */
  userId: number | null;
  /** The claim this run wrote (the order's robloxCheckedAt): only the run holding it records an answer. */
  claimedAt: Date;
  /** The order's last check before this claim (null: never asked again since payment). */
  previousCheckAt: Date | null;
}

/** What a re-check learnt, as the order keeps it. */
export type RecheckChange =
  | { kind: "confirmed"; userId: number; name: string; displayName: string; avatarUrl: string | null; created: Date }
  | { kind: "renamed"; name: string }
  | { kind: "flagged"; flag: "not_found" | "banned" }
  | { kind: "unchanged" };

/** Risk the re-check adds to the order (the Roblox rules that fired now), on top of what payment scored. */
export interface LaterRisk {
  rules: RiskRule[];
  reasons: string[];
  points: number;
}

/**
 * The re-check job's storage. `claimDue` takes at most `limit` open orders due for a check (a "not
 * checked" name last asked before `retryBefore`, or a checked one whose delivery started after its
 * last check) and stamps each with `now` as its claim, in one transaction that skips rows another
 * process holds: concurrent runs get disjoint orders. `record` writes the answer only while the
 * order still carries this claim and no flag (false: another run or a change got there first),
 * adding `risk` to the order's score (at most 100) and reasons.
 */
export interface RecipientRechecks {
  claimDue(input: { now: Date; retryBefore: Date; limit: number }): Promise<RecipientRecheck[]>;
  record(claim: RecipientRecheck, change: RecheckChange, risk: LaterRisk): Promise<boolean>;
  /** Puts back the order's last check while it still carries this claim (Roblox did not answer). */
  release(claim: RecipientRecheck): Promise<void>;
}
