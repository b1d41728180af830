import type { Cents } from "../shared/money.ts";
import type { Day } from "./analytics-day.ts";
import type { StoredEvent } from "./events.ts";

/**
 * How each event changes the analytics summary: a pure decider. The summary projection keeps one
 * small state per thing an event is about (a visitor, a user, an order, a support conversation,
 * a review submission) so that facts are folded correctly whatever arrives: a repeated event
 * counts once, a status change of an unknown order changes nothing, and a cancelled order stops
 * counting as revenue (and counts again when it leaves "cancelled").
 */
export type EntityKind = "visitor" | "user" | "order" | "conversation" | "submission";

export interface EntityRef {
  kind: EntityKind;
  id: string;
}

export interface EntityState extends EntityRef {
  /** visitor: the last day it was counted; user/order: the day it was registered/placed. */
  day: Day | null;
  /** order: its status ("placed" until the first change); conversation: open/closed; submission: pending/approved/rejected. */
  status: string | null;
  /** order: its total in cents. */
  amount: Cents;
}

/** Figures kept since the beginning of the log. */
export interface TotalCounters {
  orders: number;
  revenue: Cents;
  users: number;
  pageVisits: number;
  uniqueVisitors: number;
  openSupportConversations: number;
  pendingReviews: number;
  /** Refunded in all (to payments and as store credit). */
  refunded: Cents;
}

/** Figures kept per calendar day (in the configured time zone). */
export interface DayCounters {
  orders: number;
  revenue: Cents;
  newUsers: number;
  pageVisits: number;
  uniqueVisitors: number;
}

export interface SummaryChange {
  /** The entity's new state; absent when it does not change. */
  state?: EntityState;
  totals: Partial<TotalCounters>;
  /** Changes to day buckets (an order's cancellation changes the day it was placed, not today). */
  days: Array<{ day: Day; counters: Partial<DayCounters> }>;
}

export const CANCELLED = "cancelled";

/** The one entity whose state decides what this event means; null when none is needed. */
export function summaryEntityOf(event: StoredEvent): EntityRef | null {
  switch (event.type) {
    case "PageViewed": {
      const visitor = visitorKey(event);
      return visitor ? { kind: "visitor", id: visitor } : null;
    }
    case "UserRegistered":
      return event.userId ? { kind: "user", id: event.userId } : null;
    case "OrderPlaced":
    case "OrderStatusChanged":
    case "OrderRefunded":
      return { kind: "order", id: event.payload.orderId };
    case "SupportConversationOpened":
    case "SupportConversationClosed":
      return { kind: "conversation", id: event.payload.conversationId };
    case "ReviewSubmitted":
    case "ReviewDecided":
      return { kind: "submission", id: event.payload.submissionId };
    default:
      return null;
  }
}

/** Who a page view counts as for unique visitors: the visitor cookie, else the signed-in user. */
export function visitorKey(event: Pick<StoredEvent, "visitorId" | "userId">): string | null {
  if (event.visitorId) return event.visitorId;
  return event.userId ? `user:${event.userId}` : null;
}

const NOTHING: SummaryChange = { totals: {}, days: [] };

/**
 * What `event` (which happened on `day`) changes, given the current state of its entity (see
 * summaryEntityOf; undefined when the entity was never seen).
 */
export function evolveSummary(event: StoredEvent, entity: EntityState | undefined, day: Day): SummaryChange {
  const ref = summaryEntityOf(event);
  const state = (changes: Partial<EntityState>): EntityState => ({
    kind: ref!.kind,
    id: ref!.id,
    day: entity?.day ?? null,
    status: entity?.status ?? null,
    amount: entity?.amount ?? 0,
    ...changes,
  });

  switch (event.type) {
    case "PageViewed": {
      if (!ref) return { totals: { pageVisits: 1 }, days: [{ day, counters: { pageVisits: 1 } }] };
      if (!entity) {
        return {
          state: state({ day }),
          totals: { pageVisits: 1, uniqueVisitors: 1 },
          days: [{ day, counters: { pageVisits: 1, uniqueVisitors: 1 } }],
        };
      }
      // A visitor counts once per day. Events come in log order, so a view dated before the day
      // the visitor was last counted is late, and that day already counted them.
      const firstToday = entity.day === null || day > entity.day;
      return {
        ...(firstToday ? { state: state({ day }) } : {}),
        totals: { pageVisits: 1 },
        days: [{ day, counters: firstToday ? { pageVisits: 1, uniqueVisitors: 1 } : { pageVisits: 1 } }],
      };
    }

    case "UserRegistered":
      if (entity) return NOTHING;
      return { ...(ref ? { state: state({ day }) } : {}), totals: { users: 1 }, days: [{ day, counters: { newUsers: 1 } }] };

    case "OrderPlaced": {
      if (entity) return NOTHING; // the same order placed twice is one order
      const total = event.payload.total;
      return {
        state: state({ day, status: "placed", amount: total }),
        totals: { orders: 1, revenue: total },
        days: [{ day, counters: { orders: 1, revenue: total } }],
      };
    }

    case "OrderRefunded": {
      // Revenue is net of refunds on the day they happen. The order's amount is what still counts
      // as revenue, so a later cancellation takes back only the rest; a cancelled order's revenue
      // is already gone, so its refund changes only the refunded total.
      if (!entity || entity.day === null) return NOTHING;
      const amount = Math.min(event.payload.amount, Math.max(0, entity.amount));
      const cancelled = entity.status === CANCELLED;
      return {
        state: state({ amount: entity.amount - amount }),
        totals: cancelled ? { refunded: amount } : { refunded: amount, revenue: -amount },
        days: cancelled || amount === 0 ? [] : [{ day, counters: { revenue: -amount } }],
      };
    }

    case "OrderStatusChanged": {
      if (!entity || entity.day === null) return NOTHING; // never placed: nothing was counted to change
      const to = event.payload.to;
      const was = entity.status === CANCELLED;
      const is = to === CANCELLED;
      const revenue = was === is ? 0 : is ? -entity.amount : entity.amount;
      return {
        state: state({ status: to }),
        totals: revenue ? { revenue } : {},
        days: revenue ? [{ day: entity.day, counters: { revenue } }] : [],
      };
    }

    case "SupportConversationOpened":
      if (entity?.status === "open") return NOTHING;
      return { state: state({ status: "open" }), totals: { openSupportConversations: 1 }, days: [] };

    case "SupportConversationClosed":
      if (entity?.status === "closed") return NOTHING;
      return { state: state({ status: "closed" }), totals: entity ? { openSupportConversations: -1 } : {}, days: [] };

    case "ReviewSubmitted":
      if (entity) return NOTHING;
      return { state: state({ status: "pending" }), totals: { pendingReviews: 1 }, days: [] };

    case "ReviewDecided": {
      const decided = state({ status: event.payload.status });
      if (entity?.status === "pending") return { state: decided, totals: { pendingReviews: -1 }, days: [] };
      // Never counted as pending (unknown), or decided already: only the status is kept.
      return entity?.status === event.payload.status ? NOTHING : { state: decided, totals: {}, days: [] };
    }

    default:
      return NOTHING;
  }
}
