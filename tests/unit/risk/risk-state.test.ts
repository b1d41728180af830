import { describe, expect, it } from "vitest";
import { RISK_STATES } from "#domain/risk/risk-assessment.ts";
import { riskMayBecome, riskStatesBefore } from "#domain/risk/risk-state.ts";

/**
 * The spec of an order's risk states, written out pair by pair (docs/payments.md, "Risk checks"):
 * the test walks every (from, to) pair and compares the table with this list, so a step added to or
 * dropped from the table, or a state added without deciding its steps, fails here.
 */
const RISK_STEPS = new Set([
  "clear→held", // a blocklist entry added after the payment holds an open order
  "approved→held", // and one staff approved before
  "held→approved", // staff approve: delivery starts
  "held→rejected", // staff reject: cancelled and refunded
]);

describe("the transitions table of an order's risk", () => {
  it("allows exactly the listed steps, for every (from, to) pair", () => {
    const pairs = RISK_STATES.flatMap((from) => RISK_STATES.map((to) => [from, to] as const));
    expect(pairs).toHaveLength(16);
    for (const [from, to] of pairs) expect(riskMayBecome(from, to), `${from}→${to}`).toBe(RISK_STEPS.has(`${from}→${to}`));
  });

  it("gives each conditional update the states that may become its target: a decision only on a held order", () => {
    for (const to of RISK_STATES) expect(riskStatesBefore(to), to).toEqual(RISK_STATES.filter((from) => RISK_STEPS.has(`${from}→${to}`)));
    expect(riskStatesBefore("approved")).toEqual(["held"]);
    expect(riskStatesBefore("rejected")).toEqual(["held"]);
    expect(riskStatesBefore("held")).toEqual(["clear", "approved"]);
    expect(riskStatesBefore("clear")).toEqual([]);
  });

  it("ends in rejected: no step leaves it", () => {
    for (const to of RISK_STATES) expect(riskMayBecome("rejected", to)).toBe(false);
  });
});
