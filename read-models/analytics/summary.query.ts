import type { Kysely } from "kysely";
import type { Database } from "#adapters/db/schema.ts";
import { addDays, dayOf } from "#domain/analytics/analytics-day.ts";
import { deriveSummary, NO_TOTALS } from "#domain/analytics/analytics-summary.ts";
import { DAILY_WINDOW_DAYS } from "#domain/analytics/analytics-windows.ts";
import { formatCents } from "#domain/shared/money.ts";
import { TOTALS_ID } from "./summary.projection.ts";

/** GET /api/admin/analytics: the spec's summary fields, money as decimal strings, days as date → value maps. */
export interface AnalyticsSummaryView {
  totalOrders: number;
  todayOrders: number;
  totalRevenue: string;
  todayRevenue: string;
  totalUsers: number;
  todayNewUsers: number;
  activeSupportConversations: number;
  totalPageVisits: number;
  todayPageVisits: number;
  totalUniqueVisitors: number;
  todayUniqueVisitors: number;
  pendingReviews: number;
  /** Refunded in all; totalRevenue and revenueByDay are already net of refunds, on the day of each refund. */
  totalRefunded: string;
  ordersByDay: Record<string, number>;
  revenueByDay: Record<string, string>;
}

/**
 * Reads one totals row and at most 30 day rows, whatever the length of the log. `now` decides
 * which day is today in `timeZone`.
 */
export async function readAnalyticsSummary(db: Kysely<Database>, at: { now: Date; timeZone: string }): Promise<AnalyticsSummaryView> {
  const today = dayOf(at.now, at.timeZone);
  const [totalsRow, dayRows] = await Promise.all([
    db.selectFrom("rm_analytics_totals").selectAll().where("id", "=", TOTALS_ID).executeTakeFirst(),
    db
      .selectFrom("rm_analytics_days")
      .selectAll()
      .where("day", ">=", addDays(today, -(DAILY_WINDOW_DAYS - 1)))
      .where("day", "<=", today)
      .execute(),
  ]);
  const totals = totalsRow
    ? {
        orders: Number(totalsRow.orders),
        revenue: Number(totalsRow.revenueCents),
        users: Number(totalsRow.users),
        pageVisits: Number(totalsRow.pageVisits),
        uniqueVisitors: Number(totalsRow.uniqueVisitors),
        openSupportConversations: Number(totalsRow.openSupportConversations),
        pendingReviews: Number(totalsRow.pendingReviews),
        refunded: Number(totalsRow.refundedCents ?? 0),
      }
    : NO_TOTALS;
  const days = dayRows.map((d) => ({
    day: d.day,
    orders: Number(d.orders),
    revenue: Number(d.revenueCents),
    newUsers: Number(d.newUsers),
    pageVisits: Number(d.pageVisits),
    uniqueVisitors: Number(d.uniqueVisitors),
  }));
  const s = deriveSummary(totals, days, today);
  return {
    totalOrders: s.totalOrders,
    todayOrders: s.todayOrders,
    totalRevenue: formatCents(s.totalRevenue),
    todayRevenue: formatCents(s.todayRevenue),
    totalUsers: s.totalUsers,
    todayNewUsers: s.todayNewUsers,
    activeSupportConversations: s.activeSupportConversations,
    totalPageVisits: s.totalPageVisits,
    todayPageVisits: s.todayPageVisits,
    totalUniqueVisitors: s.totalUniqueVisitors,
    todayUniqueVisitors: s.todayUniqueVisitors,
    pendingReviews: s.pendingReviews,
    totalRefunded: formatCents(s.totalRefunded),
    ordersByDay: Object.fromEntries(s.ordersByDay),
    revenueByDay: Object.fromEntries(s.revenueByDay.map(([day, cents]) => [day, formatCents(cents)])),
  };
}
