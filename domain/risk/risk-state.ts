import type { RiskState } from "./risk-assessment.ts";

/**
 * The one table of how an order's risk state moves after the check at payment (as the payments'
 * PAYMENT_TRANSITIONS): every later write of a risk state asks it, as the "from" of its conditional
 * update (riskStatesBefore), so a change it does not list never happens, however staff, the
 * blocklist or two processes arrive.
 * - the check at payment (orderPaid) starts an order as clear or held: where the table begins;
 * - held: a blocklist entry added after the payment holds an open order, clear or approved
 *   (hold-blocked-orders.ts);
 * - approved / rejected: staff decide on a held order, once (decide-risk.ts);
 * - rejected is final: the order was cancelled and its payment refunded.
 */
export const RISK_TRANSITIONS = {
  clear: ["held"],
  held: ["approved", "rejected"],
  approved: ["held"],
  rejected: [],
} as const satisfies Record<RiskState, readonly RiskState[]>;

export function riskMayBecome(from: RiskState, to: RiskState): boolean {
  return (RISK_TRANSITIONS[from] as readonly RiskState[]).includes(to);
}

/** The states an order's risk may be in to become `to`: the "from" of the conditional update that makes it so. */
export function riskStatesBefore(to: RiskState): RiskState[] {
  return (Object.keys(RISK_TRANSITIONS) as RiskState[]).filter((from) => riskMayBecome(from, to));
}
