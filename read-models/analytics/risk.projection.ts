import { dayOf } from "#domain/analytics/analytics-day.ts";
import { evolveRisk, RISK_EVENT_TYPES, type OrderChargebacks } from "#domain/analytics/risk-evolution.ts";
import type { Projection } from "./projection.ts";
import { counterTable, stateTable } from "./projection-transaction.ts";

/** Per day: orders held, approved, rejected, disputes, reversals, money lost (issue 37, migration 0044). */
export const RISK_DAYS = counterTable("rm_risk_days", ["day"], ["held", "approved", "rejected", "disputes", "reversals", "lostCents"]);
/** Per order with a chargeback: what it counts, so a loss that moves is taken back from its old day. */
export const RISK_CHARGEBACKS = stateTable("rm_risk_chargebacks", ["orderId"]);

/**
 * Risk figures of the analytics (issue 37): the rules are evolveRisk's (domain/analytics/risk-evolution.ts);
 * this folds them into per-day counters in TIME_ZONE (so the settings name it and a change of zone rebuilds).
 */
export function riskProjection(settings: { timeZone: string }): Projection {
  return {
    name: "analytics-risk",
    version: 1,
    settings: settings.timeZone,
    handles: RISK_EVENT_TYPES,
    tables: [RISK_DAYS, RISK_CHARGEBACKS],
    reads(event) {
      return event.type === "ChargebackRecorded" || event.type === "DisputeEnded" ? [{ table: RISK_CHARGEBACKS, key: { orderId: event.payload.orderId } }] : [];
    },
    async evolve(event, trx) {
      let before: OrderChargebacks | undefined;
      if (event.type === "ChargebackRecorded" || event.type === "DisputeEnded") {
        const row = await trx.get(RISK_CHARGEBACKS, { orderId: event.payload.orderId });
        // PostgreSQL answers bigint columns as strings.
        if (row) before = { ...row, disputeAmount: Number(row.disputeAmount), reversalAmount: Number(row.reversalAmount) };
      }
      const change = evolveRisk(event, before, dayOf(event.occurredAt, settings.timeZone));
      if (change.state) trx.put(RISK_CHARGEBACKS, change.state);
      for (const { day, counters } of change.days) trx.add(RISK_DAYS, { day }, counters);
    },
  };
}
