import { RISK_RULES, RULES, type RiskFacts, type RiskRule, type RiskWeights } from "./risk-rules.ts";

/**
 * The owner's risk settings (stored in the database, changed from the admin panel without a deploy):
 * the score at which a paid order is held for review, and each rule's weight.
 * holdScore 0 holds every paid order; 100 holds none.
 */
export interface RiskSettings {
  holdScore: number;
  weights: RiskWeights;
}

/**
 * The defaults (docs/payments.md, "Risk checks"): a new, unverified account's first ordinary order
 * (new_account + unverified_email + first_order = 35) stays under the hold score of 50, so most
 * buyers, who sign up at checkout, are never delayed; one more warning sign, or a first order of
 * $100 or more, holds it. Past disputes and blocklist matches hold on their own.
 */
export const DEFAULT_RISK_SETTINGS: RiskSettings = {
  holdScore: 50,
  weights: {
    new_account: 15,
    unverified_email: 10,
    first_order: 10,
    large_first_order: 40,
    above_history: 25,
    account_velocity_hour: 25,
    account_velocity_day: 20,
    username_velocity_day: 25,
    address_velocity_hour: 25,
    several_payers: 30,
    payer_email_differs: 10,
    payer_country_differs: 20,
    provider_risk_elevated: 40,
    disposable_email: 30,
    username_shared: 10,
    payer_shared: 30,
    past_dispute: 100,
    blocklisted: 100,
    new_roblox_account: 15,
    renamed_since_order: 25,
  },
};

export const MAX_RISK_SCORE = 100;

/** Where an order stands with the risk check: clear (delivered as usual), held, then approved or rejected by staff. */
export const RISK_STATES = ["clear", "held", "approved", "rejected"] as const;
export type RiskState = (typeof RISK_STATES)[number];

export interface RiskAssessment {
  /** The sum of the weights of the rules that fired, at most MAX_RISK_SCORE. */
  score: number;
  /** The plain-words reasons of the rules that fired (with a weight above zero), heaviest first. */
  reasons: string[];
  rules: RiskRule[];
  state: "clear" | "held";
}

/** Whether a score is held under these settings: at or above holdScore, and holdScore 100 holds nothing. */
export function holds(score: number, holdScore: number): boolean {
  return holdScore < MAX_RISK_SCORE && score >= holdScore;
}

/** Scores a paid order from its facts: the pure rule of issue 37. */
export function assessRisk(facts: RiskFacts, settings: RiskSettings): RiskAssessment {
  const fired = RISK_RULES.filter((rule) => RULES[rule].fires(facts) && settings.weights[rule] > 0).sort((a, b) => settings.weights[b] - settings.weights[a]);
  const score = Math.min(
    MAX_RISK_SCORE,
    fired.reduce((sum, rule) => sum + settings.weights[rule], 0),
  );
  return { score, reasons: fired.map((rule) => RULES[rule].reason(facts)), rules: fired, state: holds(score, settings.holdScore) ? "held" : "clear" };
}

/** Settings as stored, completed with the defaults for any rule added since they were saved. */
export function withDefaults(
  stored: { holdScore: number; weights: Partial<Record<string, number>> } | null,
  holdScore = DEFAULT_RISK_SETTINGS.holdScore,
): RiskSettings {
  if (!stored) return { ...DEFAULT_RISK_SETTINGS, holdScore };
  const weights = { ...DEFAULT_RISK_SETTINGS.weights };
  for (const rule of RISK_RULES) {
    const value = stored.weights[rule];
    if (typeof value === "number") weights[rule] = value;
  }
  return { holdScore: stored.holdScore, weights };
}
