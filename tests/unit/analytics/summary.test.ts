import { describe, expect, it } from "vitest";
import { dayOf } from "#domain/analytics/analytics-day.ts";
import { deriveSummary, NO_TOTALS } from "#domain/analytics/analytics-summary.ts";
import type { NewEvent } from "#domain/analytics/events.ts";
import { evolveSummary, summaryEntityOf, type DayCounters, type EntityState, type TotalCounters } from "#domain/analytics/summary-evolution.ts";

/** Folds events the way the summary projection does, in memory. */
function fold(events: NewEvent[], timeZone = "UTC") {
  const entities = new Map<string, EntityState>();
  const totals: TotalCounters = { ...NO_TOTALS };
  const days = new Map<string, DayCounters & { day: string }>();
  events.forEach((e, i) => {
    const event = { ...e, id: i + 1, version: 1 };
    const ref = summaryEntityOf(event);
    const key = ref && `${ref.kind}:${ref.id}`;
    const change = evolveSummary(event, key ? entities.get(key) : undefined, dayOf(event.occurredAt, timeZone));
    if (change.state) entities.set(`${change.state.kind}:${change.state.id}`, change.state);
    for (const [k, v] of Object.entries(change.totals)) totals[k as keyof TotalCounters] += v;
    for (const { day, counters } of change.days) {
      const bucket = days.get(day) ?? { day, orders: 0, revenue: 0, newUsers: 0, pageVisits: 0, uniqueVisitors: 0 };
      for (const [k, v] of Object.entries(counters)) bucket[k as keyof DayCounters] += v;
      days.set(day, bucket);
    }
  });
  return { totals, days: [...days.values()], entities };
}

const at = (iso: string) => new Date(iso);
const view = (visitorId: string | null, iso: string, userId: string | null = null): NewEvent => ({
  type: "PageViewed",
  occurredAt: at(iso),
  visitorId,
  userId,
  payload: { page: "/", pageTitle: "Home", referrer: null },
});
const placed = (orderId: string, total: number, iso: string): NewEvent => ({
  type: "OrderPlaced",
  occurredAt: at(iso),
  visitorId: null,
  userId: "u1",
  payload: { orderId, total, itemCount: 1 },
});
const status = (orderId: string, from: string, to: string, iso: string, total = 0): NewEvent => ({
  type: "OrderStatusChanged",
  occurredAt: at(iso),
  visitorId: null,
  userId: null,
  payload: { orderId, from, to, total },
});

describe("summary evolution: page views and visitors", () => {
  it("counts every view, each visitor once ever and once per day", () => {
    const { totals, days } = fold([
      view("a", "2026-11-20T10:00:00Z"),
      view("a", "2026-11-20T11:00:00Z"),
      view("b", "2026-11-20T12:00:00Z"),
      view("a", "2026-11-21T09:00:00Z"),
      view(null, "2026-11-21T09:30:00Z", "u7"), // signed in without a visitor cookie: counted as the user
      view(null, "2026-11-21T09:31:00Z", "u7"),
      view(null, "2026-11-21T09:32:00Z"), // nobody to count as a visitor
    ]);
    expect(totals).toMatchObject({ pageVisits: 7, uniqueVisitors: 3 });
    expect(days).toEqual([
      { day: "2026-11-20", orders: 0, revenue: 0, newUsers: 0, pageVisits: 3, uniqueVisitors: 2 },
      { day: "2026-11-21", orders: 0, revenue: 0, newUsers: 0, pageVisits: 4, uniqueVisitors: 2 },
    ]);
  });

  it("does not count a visitor again for a late view dated before the day they were last counted", () => {
    const { days } = fold([view("a", "2026-11-21T00:00:01Z"), view("a", "2026-11-20T23:59:59Z")]);
    expect(days.find((d) => d.day === "2026-11-20")).toMatchObject({ pageVisits: 1, uniqueVisitors: 0 });
    expect(days.find((d) => d.day === "2026-11-21")).toMatchObject({ pageVisits: 1, uniqueVisitors: 1 });
  });

  it("buckets by the configured time zone", () => {
    const { days } = fold([view("a", "2026-11-21T23:30:00Z")], "Europe/Berlin");
    expect(days.map((d) => d.day)).toEqual(["2026-11-22"]);
  });
});

describe("summary evolution: registrations", () => {
  it("counts a user once even when the registration is reported twice", () => {
    const registered = (iso: string): NewEvent => ({ type: "UserRegistered", occurredAt: at(iso), visitorId: "v", userId: "u1", payload: { email: "a@b.co" } });
    const { totals, days } = fold([registered("2026-11-21T10:00:00Z"), registered("2026-11-21T10:00:01Z")]);
    expect(totals.users).toBe(1);
    expect(days).toEqual([{ day: "2026-11-21", orders: 0, revenue: 0, newUsers: 1, pageVisits: 0, uniqueVisitors: 0 }]);
  });
});

describe("summary evolution: orders and revenue", () => {
  it("counts orders and revenue on the day placed; a repeated OrderPlaced counts once", () => {
    const { totals, days } = fold([
      placed("o1", 1299, "2026-11-20T10:00:00Z"),
      placed("o2", 500, "2026-11-21T10:00:00Z"),
      placed("o1", 1299, "2026-11-21T11:00:00Z"),
    ]);
    expect(totals).toMatchObject({ orders: 2, revenue: 1799 });
    expect(days.map((d) => [d.day, d.orders, d.revenue])).toEqual([
      ["2026-11-20", 1, 1299],
      ["2026-11-21", 1, 500],
    ]);
  });

  it("takes a cancelled order's total out of revenue (on the day it was placed) and puts it back when it leaves cancelled", () => {
    const events = [
      placed("o1", 1299, "2026-11-20T10:00:00Z"),
      placed("o2", 500, "2026-11-21T08:00:00Z"),
      status("o1", "pending", "cancelled", "2026-11-21T09:00:00Z"),
    ];
    let { totals, days } = fold(events);
    expect(totals).toMatchObject({ orders: 2, revenue: 500 });
    expect(days.map((d) => [d.day, d.orders, d.revenue])).toEqual([
      ["2026-11-20", 1, 0],
      ["2026-11-21", 1, 500],
    ]);
    // Cancelled twice is still cancelled once; back to processing counts again.
    ({ totals, days } = fold([
      ...events,
      status("o1", "cancelled", "cancelled", "2026-11-21T09:01:00Z"),
      status("o1", "cancelled", "processing", "2026-11-21T10:00:00Z"),
    ]));
    expect(totals.revenue).toBe(1799);
    expect(days.find((d) => d.day === "2026-11-20")?.revenue).toBe(1299);
  });

  it("ignores a status change of an order it never saw placed, and trusts its own record of the status over the event's `from`", () => {
    const { totals } = fold([
      status("ghost", "pending", "cancelled", "2026-11-21T09:00:00Z", 999),
      placed("o1", 1000, "2026-11-21T10:00:00Z"),
      status("o1", "cancelled", "completed", "2026-11-21T11:00:00Z"), // a wrong `from` must not add 1000 again
      status("o1", "completed", "pending", "2026-11-21T12:00:00Z"),
    ]);
    expect(totals).toMatchObject({ orders: 1, revenue: 1000 });
  });
});

describe("summary evolution: support conversations and reviews", () => {
  const conversation = (type: "SupportConversationOpened" | "SupportConversationClosed", id: string): NewEvent => ({
    type,
    occurredAt: at("2026-11-21T10:00:00Z"),
    visitorId: "v",
    userId: null,
    payload: { conversationId: id },
  });

  it("keeps the number of open conversations: repeats and unknown closes change nothing", () => {
    const { totals } = fold([
      conversation("SupportConversationOpened", "c1"),
      conversation("SupportConversationOpened", "c2"),
      conversation("SupportConversationOpened", "c2"),
      conversation("SupportConversationClosed", "c1"),
      conversation("SupportConversationClosed", "c1"),
      conversation("SupportConversationClosed", "unknown"),
    ]);
    expect(totals.openSupportConversations).toBe(1);
  });

  it("counts a reopened conversation as open again", () => {
    const { totals } = fold([
      conversation("SupportConversationOpened", "c1"),
      conversation("SupportConversationClosed", "c1"),
      conversation("SupportConversationOpened", "c1"),
    ]);
    expect(totals.openSupportConversations).toBe(1);
  });

  it("keeps the number of review submissions waiting for a decision", () => {
    const submitted = (id: string): NewEvent => ({
      type: "ReviewSubmitted",
      occurredAt: at("2026-11-21T10:00:00Z"),
      visitorId: null,
      userId: "u1",
      payload: { submissionId: id },
    });
    const decided = (id: string, s: "approved" | "rejected"): NewEvent => ({
      type: "ReviewDecided",
      occurredAt: at("2026-11-21T11:00:00Z"),
      visitorId: null,
      userId: null,
      payload: { submissionId: id, status: s },
    });
    const { totals, entities } = fold([
      submitted("s1"),
      submitted("s2"),
      submitted("s2"),
      decided("s1", "approved"),
      decided("s1", "rejected"),
      decided("s9", "approved"),
    ]);
    expect(totals.pendingReviews).toBe(1);
    expect(entities.get("submission:s1")?.status).toBe("rejected");
  });

  it("leaves cart events to the new customers projection", () => {
    const { totals, days } = fold([
      {
        type: "CartItemAdded",
        occurredAt: at("2026-11-21T10:00:00Z"),
        visitorId: "v",
        userId: null,
        payload: { productId: "p", productName: "P", quantity: 1, price: 100 },
      },
    ]);
    expect(totals).toEqual(NO_TOTALS);
    expect(days).toEqual([]);
  });
});

describe("deriveSummary", () => {
  const bucket = (day: string, orders: number, revenue: number, extra: Partial<DayCounters> = {}) => ({
    day,
    orders,
    revenue,
    newUsers: 0,
    pageVisits: 0,
    uniqueVisitors: 0,
    ...extra,
  });

  it("takes today's figures from today's bucket and zero when today has none", () => {
    const totals = { ...NO_TOTALS, orders: 9, revenue: 5000, users: 4, pageVisits: 40, uniqueVisitors: 12, openSupportConversations: 2, pendingReviews: 1 };
    const days = [bucket("2026-11-20", 2, 1000), bucket("2026-11-21", 3, 1500, { newUsers: 2, pageVisits: 10, uniqueVisitors: 5 })];
    expect(deriveSummary(totals, days, "2026-11-21")).toMatchObject({
      totalOrders: 9,
      todayOrders: 3,
      totalRevenue: 5000,
      todayRevenue: 1500,
      totalUsers: 4,
      todayNewUsers: 2,
      activeSupportConversations: 2,
      totalPageVisits: 40,
      todayPageVisits: 10,
      totalUniqueVisitors: 12,
      todayUniqueVisitors: 5,
      pendingReviews: 1,
    });
    // The next day, "today" is empty although nothing was appended: nothing is baked in.
    expect(deriveSummary(totals, days, "2026-11-22")).toMatchObject({
      todayOrders: 0,
      todayRevenue: 0,
      todayNewUsers: 0,
      todayPageVisits: 0,
      todayUniqueVisitors: 0,
    });
  });

  it("lists the 10 most recent days with orders among the last 30, oldest first", () => {
    const days = [
      bucket("2026-10-22", 7, 700), // 31 days before: outside
      bucket("2026-10-23", 1, 100), // the 30th day back counts as inside
      ...Array.from({ length: 11 }, (_, i) => bucket(`2026-11-${String(10 + i).padStart(2, "0")}`, i + 1, (i + 1) * 100)),
      bucket("2026-11-21", 0, 0, { pageVisits: 3 }), // no orders: not listed
      bucket("2026-11-22", 5, 500), // after today (a clock ahead): not listed
    ];
    const summary = deriveSummary(NO_TOTALS, days, "2026-11-21");
    expect(summary.ordersByDay.map(([d]) => d)).toEqual(Array.from({ length: 10 }, (_, i) => `2026-11-${String(11 + i)}`));
    expect(summary.ordersByDay[0]).toEqual(["2026-11-11", 2]);
    expect(summary.revenueByDay.at(-1)).toEqual(["2026-11-20", 1100]);
    expect(deriveSummary(NO_TOTALS, days.slice(0, 2), "2026-11-21").ordersByDay).toEqual([["2026-10-23", 1]]);
  });

  it("keeps a day whose orders were all cancelled, with zero revenue", () => {
    expect(deriveSummary(NO_TOTALS, [bucket("2026-11-21", 1, 0)], "2026-11-21").revenueByDay).toEqual([["2026-11-21", 0]]);
  });
});

describe("summary evolution: refunds (issue 18)", () => {
  const refunded = (orderId: string, amount: number, iso: string): NewEvent => ({
    type: "OrderRefunded",
    occurredAt: at(iso),
    visitorId: null,
    userId: "u1",
    payload: { orderId, refundId: `r-${iso}`, amount, destination: "payment", reason: "test" },
  });

  it("counts revenue net of refunds on the day of the refund, and the refunded total", () => {
    const { totals, days } = fold([placed("o1", 2000, "2026-11-20T10:00:00Z"), refunded("o1", 500, "2026-11-22T10:00:00Z")]);
    expect(totals).toMatchObject({ orders: 1, revenue: 1500, refunded: 500 });
    expect(days.map((d) => [d.day, d.orders, d.revenue])).toEqual([
      ["2026-11-20", 1, 2000],
      ["2026-11-22", 0, -500],
    ]);
  });

  it("a refunded order cancelled later takes back only what still counted; a cancelled order's refund moves no revenue", () => {
    let { totals } = fold([
      placed("o1", 2000, "2026-11-20T10:00:00Z"),
      refunded("o1", 500, "2026-11-21T10:00:00Z"),
      status("o1", "pending", "cancelled", "2026-11-22T10:00:00Z"),
    ]);
    expect(totals).toMatchObject({ revenue: 0, refunded: 500 });
    ({ totals } = fold([
      placed("o1", 2000, "2026-11-20T10:00:00Z"),
      status("o1", "pending", "cancelled", "2026-11-21T10:00:00Z"),
      refunded("o1", 300, "2026-11-22T10:00:00Z"),
    ]));
    expect(totals).toMatchObject({ revenue: 0, refunded: 300 });
  });
});
