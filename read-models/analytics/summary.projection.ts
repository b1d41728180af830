import type { RmAnalyticsEntitiesTable } from "#adapters/db/schema.ts";
import { dayOf } from "#domain/analytics/analytics-day.ts";
import {
  evolveSummary,
  summaryEntityOf,
  type DayCounters,
  type EntityKind,
  type EntityState,
  type TotalCounters,
} from "#domain/analytics/summary-evolution.ts";
import type { Projection } from "./projection.ts";
import { counterTable, stateTable } from "./projection-transaction.ts";

export const SUMMARY_TOTALS = counterTable(
  "rm_analytics_totals",
  ["id"],
  ["orders", "revenueCents", "users", "pageVisits", "uniqueVisitors", "openSupportConversations", "pendingReviews", "refundedCents"],
);
export const SUMMARY_DAYS = counterTable("rm_analytics_days", ["day"], ["orders", "revenueCents", "newUsers", "pageVisits", "uniqueVisitors"]);
export const SUMMARY_ENTITIES = stateTable("rm_analytics_entities", ["kind", "entityId"]);
/** The one row of rm_analytics_totals. */
export const TOTALS_ID = "all";

/**
 * The admin summary's counters: totals since the beginning and per-day buckets in the configured
 * time zone, plus the small per-entity state that lets every event type fold correctly (see
 * domain/analytics/summary-evolution.ts). "Today" is chosen when the summary is read.
 */
export function summaryProjection(settings: { timeZone: string }): Projection {
  const { timeZone } = settings;
  return {
    name: "analytics-summary",
    // 2: refunds (OrderRefunded) count, net of revenue on their day.
    version: 2,
    settings: `timeZone=${timeZone}`,
    handles: [
      "PageViewed",
      "UserRegistered",
      "OrderPlaced",
      "OrderStatusChanged",
      "OrderRefunded",
      "SupportConversationOpened",
      "SupportConversationClosed",
      "ReviewSubmitted",
      "ReviewDecided",
    ],
    tables: [SUMMARY_TOTALS, SUMMARY_DAYS, SUMMARY_ENTITIES],
    reads(event) {
      const ref = summaryEntityOf(event);
      return ref ? [{ table: SUMMARY_ENTITIES, key: { kind: ref.kind, entityId: ref.id } }] : [];
    },
    async evolve(event, trx) {
      const ref = summaryEntityOf(event);
      const row = ref ? await trx.get(SUMMARY_ENTITIES, { kind: ref.kind, entityId: ref.id }) : undefined;
      const change = evolveSummary(event, row && toEntity(row), dayOf(event.occurredAt, timeZone));
      if (change.state) trx.put(SUMMARY_ENTITIES, fromEntity(change.state));
      if (Object.keys(change.totals).length) trx.add(SUMMARY_TOTALS, { id: TOTALS_ID }, totalColumns(change.totals));
      for (const { day, counters } of change.days) trx.add(SUMMARY_DAYS, { day }, dayColumns(counters));
    },
  };
}

function toEntity(row: RmAnalyticsEntitiesTable): EntityState {
  return { kind: row.kind as EntityKind, id: row.entityId, day: row.day, status: row.status, amount: Number(row.amountCents) };
}

function fromEntity(state: EntityState): RmAnalyticsEntitiesTable {
  return { kind: state.kind, entityId: state.id, day: state.day, status: state.status, amountCents: state.amount };
}

function totalColumns({ revenue, refunded, ...rest }: Partial<TotalCounters>) {
  return { ...rest, ...(revenue === undefined ? {} : { revenueCents: revenue }), ...(refunded === undefined ? {} : { refundedCents: refunded }) };
}

function dayColumns({ revenue, ...rest }: Partial<DayCounters>) {
  return { ...rest, ...(revenue === undefined ? {} : { revenueCents: revenue }) };
}
