import type { RobloxDirectory, RobloxLookup } from "../roblox/roblox-directory.port.ts";
import type { Clock } from "../shared/clock.port.ts";
import type { RecheckChange, RecipientRecheck, RecipientRechecks, LaterRisk } from "./recipient-rechecks.port.ts";
import type { RiskSettings } from "./risk-assessment.ts";
import { ROBLOX_RULES, RULES, robloxAccountAgeDays, type RiskFacts } from "./risk-rules.ts";

/** Orders asked about per run at most: the job's bounded batch (the next run takes the rest). */
export const RECHECK_BATCH = 25;

/**
 * What Roblox's answer means for the order: a "not checked" name that exists is confirmed (the
 * order gets its id, display name, avatar); a checked account whose id has another name now was
 * renamed; no such account, or a banned one, is flagged for staff (never delivered silently).
 * Unreachable: null, the order is asked again at a later run.
 */
export function recheckChange(order: Pick<RecipientRecheck, "robloxUsername" | "userId">, lookup: RobloxLookup): RecheckChange | null {
  if (lookup.kind === "unreachable") return null;
  if (lookup.kind === "missing") return { kind: "flagged", flag: "not_found" };
  const { user } = lookup;
  if (user.banned) return { kind: "flagged", flag: "banned" };
  if (order.userId === null)
    return { kind: "confirmed", userId: user.id, name: user.name, displayName: user.displayName, avatarUrl: user.avatarUrl, created: user.created };
  return user.name.toLowerCase() === order.robloxUsername.toLowerCase() ? { kind: "unchanged" } : { kind: "renamed", name: user.name };
}

/** The Roblox rules (risk-rules.ts's ROBLOX_RULES) over what the re-check learnt, with the owner's weights. */
export function laterRisk(change: RecheckChange, at: Date, settings: RiskSettings): LaterRisk {
  const facts: Pick<RiskFacts, "robloxAccountAgeDays" | "robloxRenamed"> = {
    robloxAccountAgeDays: change.kind === "confirmed" ? robloxAccountAgeDays(change.created, at) : null,
    robloxRenamed: change.kind === "renamed" ? true : null,
  };
  const rules = ROBLOX_RULES.filter((rule) => settings.weights[rule] > 0 && RULES[rule].fires(facts as RiskFacts));
  return {
    rules,
    reasons: rules.map((rule) => RULES[rule].reason(facts as RiskFacts)),
    points: rules.reduce((sum, rule) => sum + settings.weights[rule], 0),
  };
}

function lookUp(directory: RobloxDirectory, order: RecipientRecheck): Promise<RobloxLookup> {
  return order.userId === null ? directory.byUsername(order.robloxUsername) : directory.byId(order.userId);
}

export interface RecheckRecipientsDeps {
  rechecks: RecipientRechecks;
  directory: RobloxDirectory;
  clock: Clock;
  /** How long a "not checked" name waits between two asks (SLA_CHECK_SECONDS at least: one ask a run). */
  retryMs: number;
  riskSettings: () => Promise<RiskSettings>;
}

/**
 * The re-check job's run: asks Roblox about the claimed orders one by one (never inside a
 * transaction: a slow Roblox holds no lock) and records each answer once. Answers the orders whose
 * recipient changed (confirmed, renamed or flagged).
 */
export async function recheckRecipients(deps: RecheckRecipientsDeps): Promise<{ orderId: string; change: RecheckChange["kind"] }[]> {
  const now = deps.clock.now();
  const due = await deps.rechecks.claimDue({ now, retryBefore: new Date(now.getTime() - deps.retryMs), limit: RECHECK_BATCH });
  if (due.length === 0) return [];
  const settings = await deps.riskSettings();
  const changed: { orderId: string; change: RecheckChange["kind"] }[] = [];
  let reachable = true;
  for (const order of due) {
    const change = reachable ? recheckChange(order, await lookUp(deps.directory, order)) : null;
    if (change) {
      const recorded = await deps.rechecks.record(order, change, laterRisk(change, deps.clock.now(), settings));
      if (recorded && change.kind !== "unchanged") changed.push({ orderId: order.orderId, change: change.kind });
      continue;
    }
    // Roblox did not answer: the rest of the batch is not asked. A "not checked" name keeps the
    // claim as its last ask (asked again retryMs later); a checked account's delivery-time check
    // is put back, so an outage does not skip it.
    reachable = false;
    if (order.userId !== null) await deps.rechecks.release(order);
  }
  return changed;
}
