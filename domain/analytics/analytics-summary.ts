import type { Cents } from "../shared/money.ts";
import { addDays, type Day } from "./analytics-day.ts";
import { DAILY_LIST_LENGTH, DAILY_WINDOW_DAYS } from "./analytics-windows.ts";
import type { DayCounters, TotalCounters } from "./summary-evolution.ts";

/** The admin panel's summary figures (admin-panel.md section 3), money in cents. */
export interface AnalyticsSummary {
  totalOrders: number;
  todayOrders: number;
  totalRevenue: Cents;
  todayRevenue: Cents;
  totalUsers: number;
  todayNewUsers: number;
  activeSupportConversations: number;
  totalPageVisits: number;
  todayPageVisits: number;
  totalUniqueVisitors: number;
  todayUniqueVisitors: number;
  /** Not in the spec's list: review submissions waiting for a decision (the Reviews tab's work). */
  pendingReviews: number;
  /** Refunded since the beginning (issue 18); totalRevenue is already net of it. */
  totalRefunded: Cents;
  /** Oldest first: the 10 most recent days of the last 30 that had orders. */
  ordersByDay: Array<[Day, number]>;
  revenueByDay: Array<[Day, Cents]>;
}

export const NO_TOTALS: TotalCounters = {
  orders: 0,
  revenue: 0,
  users: 0,
  pageVisits: 0,
  uniqueVisitors: 0,
  openSupportConversations: 0,
  pendingReviews: 0,
  refunded: 0,
};

const NO_DAY: DayCounters = { orders: 0, revenue: 0, newUsers: 0, pageVisits: 0, uniqueVisitors: 0 };

/**
 * Derives the summary from the stored counters at the moment it is asked for: "today" is the
 * bucket of the clock's current day, so nothing baked in at append time can go stale at midnight.
 * `days` may hold any buckets; only today and the 29 days before it are looked at.
 */
export function deriveSummary(totals: TotalCounters, days: ReadonlyArray<{ day: Day } & DayCounters>, today: Day): AnalyticsSummary {
  const first = addDays(today, -(DAILY_WINDOW_DAYS - 1));
  const inWindow = days.filter((d) => d.day >= first && d.day <= today).sort((a, b) => (a.day < b.day ? -1 : a.day > b.day ? 1 : 0));
  const todays = inWindow.find((d) => d.day === today) ?? NO_DAY;
  const withOrders = inWindow.filter((d) => d.orders > 0).slice(-DAILY_LIST_LENGTH);
  return {
    totalOrders: totals.orders,
    todayOrders: todays.orders,
    totalRevenue: totals.revenue,
    todayRevenue: todays.revenue,
    totalUsers: totals.users,
    todayNewUsers: todays.newUsers,
    activeSupportConversations: totals.openSupportConversations,
    totalPageVisits: totals.pageVisits,
    todayPageVisits: todays.pageVisits,
    totalUniqueVisitors: totals.uniqueVisitors,
    todayUniqueVisitors: todays.uniqueVisitors,
    pendingReviews: totals.pendingReviews,
    totalRefunded: totals.refunded,
    ordersByDay: withOrders.map((d) => [d.day, d.orders]),
    revenueByDay: withOrders.map((d) => [d.day, d.revenue]),
  };
}
