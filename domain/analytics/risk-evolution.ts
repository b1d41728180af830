import type { Cents } from "../shared/money.ts";
import type { Day } from "./analytics-day.ts";
import type { StoredEvent } from "./events.ts";

/**
 * Risk figures of the analytics (issue 37): orders held, approved and rejected, disputes, reversals
 * and the money lost to chargebacks, per day. A pure decider: the risk projection keeps, per order
 * with a chargeback, what its chargebacks count, and adds each event's change to day counters.
 */
export interface RiskDayCounters {
  held: number;
  approved: number;
  rejected: number;
  disputes: number;
  reversals: number;
  /** Money the provider took back, on the day it was lost (see chargebackLoss). */
  lostCents: Cents;
}

/** What one order's chargebacks are: the day and amount of each kind, and when its dispute was lost. */
export interface OrderChargebacks {
  orderId: string;
  disputeDay: Day | null;
  disputeAmount: Cents;
  disputeLostDay: Day | null;
  reversalDay: Day | null;
  reversalAmount: Cents;
}

export interface RiskChange {
  /** The order's chargebacks after the event (null: unchanged). */
  state: OrderChargebacks | null;
  days: Array<{ day: Day; counters: Partial<RiskDayCounters> }>;
}

export const RISK_EVENT_TYPES = ["OrderHeld", "OrderRiskDecided", "ChargebackRecorded", "DisputeEnded"] as const;

const noChargebacks = (orderId: string): OrderChargebacks => ({
  orderId,
  disputeDay: null,
  disputeAmount: 0,
  disputeLostDay: null,
  reversalDay: null,
  reversalAmount: 0,
});

/**
 * The money an order's chargebacks lost, and on which day: a reversal's amount on the reversal's
 * day (the provider took it at once); else a lost dispute's amount on the day it ended. A lost
 * dispute of an order also reversed counts once, as the Risk view counts it (chargebackMonths).
 */
export function chargebackLoss(c: OrderChargebacks): { day: Day; cents: Cents } | null {
  if (c.reversalDay !== null) return { day: c.reversalDay, cents: c.reversalAmount };
  if (c.disputeLostDay !== null) return { day: c.disputeLostDay, cents: c.disputeAmount };
  return null;
}

/**
 * How `event` (on `day`, in the analytics time zone) changes the risk figures, given the order's
 * chargebacks so far (`before`, undefined when none). Held and decided orders count on their day
 * (the risk module appends each once per order); a chargeback of a kind already recorded for
 * the order, and the end of a dispute never recorded or already ended, change nothing. A loss that
 * moves (a lost dispute, then a reversal of the same order) is taken back from its old day.
 */
export function evolveRisk(event: StoredEvent, before: OrderChargebacks | undefined, day: Day): RiskChange {
  switch (event.type) {
    case "OrderHeld":
      return { state: null, days: [{ day, counters: { held: 1 } }] };
    case "OrderRiskDecided":
      return { state: null, days: [{ day, counters: event.payload.decision === "approved" ? { approved: 1 } : { rejected: 1 } }] };
    case "ChargebackRecorded": {
      const now = before ?? noChargebacks(event.payload.orderId);
      const amount = Math.max(0, event.payload.amount);
      if (event.payload.kind === "dispute") {
        if (now.disputeDay !== null) return { state: null, days: [] };
        return moved(now, { ...now, disputeDay: day, disputeAmount: amount }, { day, counters: { disputes: 1 } });
      }
      if (now.reversalDay !== null) return { state: null, days: [] };
      return moved(now, { ...now, reversalDay: day, reversalAmount: amount }, { day, counters: { reversals: 1 } });
    }
    case "DisputeEnded": {
      if (!before || before.disputeDay === null || before.disputeLostDay !== null || !event.payload.lost) return { state: null, days: [] };
      return moved(before, { ...before, disputeLostDay: day }, null);
    }
    default:
      return { state: null, days: [] };
  }
}

/** The change from `before` to `after`: the counted event, and the loss taken back and added. */
function moved(before: OrderChargebacks, after: OrderChargebacks, counted: RiskChange["days"][number] | null): RiskChange {
  const days: RiskChange["days"] = counted ? [counted] : [];
  const was = chargebackLoss(before);
  const is = chargebackLoss(after);
  if (was?.day !== is?.day || was?.cents !== is?.cents) {
    if (was) days.push({ day: was.day, counters: { lostCents: -was.cents } });
    if (is) days.push({ day: is.day, counters: { lostCents: is.cents } });
  }
  return { state: after, days };
}
