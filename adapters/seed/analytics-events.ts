// A reproducible, realistic event log for the rebuild test and the analytics benchmark: page views
// from a pool of visitors (some signed in), registrations, cart adds reported by the cart, by the
// tracker or by both, orders with status changes (cancelled and back), support conversations and
// review submissions, staff waiting for buyers; with the awkward cases a real log has: repeated facts, facts about unknown
// orders and conversations, and slightly out-of-order timestamps.
import type { NewEvent } from "#domain/analytics/events.ts";

const PAGES = ["/", "/shop", "/shop/blox-fruits", "/shop/adopt-me", "/shop/doors", "/product/p-1", "/product/p-2", "/cart", "/checkout", "/faq"];
const TITLES: Record<string, string> = { "/": "BloxBazaar", "/shop": "Shop", "/cart": "Cart", "/checkout": "Checkout", "/faq": "FAQ" };
const PRODUCTS = Array.from({ length: 40 }, (_, i) => ({ id: `prod-${i + 1}`, name: `Item ${i + 1}`, price: 199 + i * 150 }));
const STATUSES = ["pending", "processing", "completed", "cancelled"];

/** mulberry32: a small seeded PRNG, so the same seed always gives the same log. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export interface GeneratedLogOptions {
  count: number;
  seed?: number;
  /** First event's time. */
  start: Date;
  /** The log spreads evenly over this many days. */
  days: number;
  /** Visitors in the pool (default count / 20, at least 10). */
  visitors?: number;
}

/** Exactly `count` events, in log order. */
export function* generateEvents(options: GeneratedLogOptions): Generator<NewEvent> {
  let yielded = 0;
  for (const event of rawEvents(options)) {
    if (yielded++ >= options.count) return;
    yield event;
  }
}

function* rawEvents(options: GeneratedLogOptions): Generator<NewEvent> {
  const rnd = random(options.seed ?? 1);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(rnd() * items.length)]!;
  const visitorCount = options.visitors ?? Math.max(10, Math.floor(options.count / 20));
  const visitors = Array.from({ length: visitorCount }, (_, i) => `visitor-${String(i).padStart(7, "0")}`);
  const userOf = new Map<string, string>(); // visitor -> registered user
  const users: string[] = [];
  const orders: Array<{ id: string; total: number; status: string; userId: string; risk?: "held" | "decided"; dispute?: "open" | "ended" }> = [];
  const conversations: Array<{ id: string; open: boolean }> = [];
  const submissions: Array<{ id: string; pending: boolean }> = [];
  const step = (options.days * 24 * 60 * 60 * 1000) / options.count;
  let serial = 0;

  for (let i = 0; ; i++) {
    // Mostly increasing time, now and then a few seconds back (appends from another process).
    const jitter = rnd() < 0.02 ? -Math.floor(rnd() * 5000) : 0;
    const occurredAt = new Date(options.start.getTime() + Math.floor(i * step) + jitter);
    const visitorId = pick(visitors);
    const userId = userOf.get(visitorId) ?? null;
    const roll = rnd();
    const id = () => `${(options.seed ?? 1).toString(36)}-${(++serial).toString(36)}`;

    if (roll < 0.8) {
      const page = pick(PAGES);
      const referrer = rnd() < 0.3 ? "https://www.google.com/" : rnd() < 0.5 ? null : `http://localhost:4321${pick(PAGES)}`;
      yield { type: "PageViewed", occurredAt, visitorId, userId, payload: { page, pageTitle: TITLES[page] ?? `Page ${page}`, referrer } };
    } else if (roll < 0.88) {
      const product = pick(PRODUCTS);
      const quantity = 1 + Math.floor(rnd() * 3);
      const payload = { productId: product.id, productName: product.name, quantity, price: product.price };
      const sources = rnd();
      if (sources < 0.5 || sources >= 0.8) yield { type: "CartItemAdded", occurredAt, visitorId, userId, payload };
      if (sources < 0.8) yield { type: "CartItemAdded", occurredAt, visitorId, userId, payload: { ...payload, source: "tracker" } };
    } else if (roll < 0.9 || users.length === 0) {
      if (userId) {
        // The same registration reported twice must count once.
        yield { type: "UserRegistered", occurredAt, visitorId, userId, payload: { email: `${userId}@shop.test` } };
      } else {
        const newUser = `user-${id()}`;
        userOf.set(visitorId, newUser);
        users.push(newUser);
        yield { type: "UserRegistered", occurredAt, visitorId, userId: newUser, payload: { email: `${newUser}@shop.test` } };
      }
    } else if (roll < 0.93) {
      const buyer = pick(users);
      if (rnd() < 0.05 && orders.length) {
        const again = pick(orders); // a placed order reported again
        yield { type: "OrderPlaced", occurredAt, visitorId, userId: again.userId, payload: { orderId: again.id, total: again.total, itemCount: 1 } };
      } else {
        const order = { id: `order-${id()}`, total: 99 + Math.floor(rnd() * 20000), status: "pending", userId: buyer };
        orders.push(order);
        yield {
          type: "OrderPlaced",
          occurredAt,
          visitorId,
          userId: buyer,
          payload: { orderId: order.id, total: order.total, itemCount: 1 + Math.floor(rnd() * 4) },
        };
      }
    } else if (roll < 0.96) {
      if (orders.length === 0 || rnd() < 0.05) {
        yield {
          type: "OrderStatusChanged",
          occurredAt,
          visitorId: null,
          userId: null,
          payload: { orderId: `order-unknown-${id()}`, from: "pending", to: "cancelled", total: 500 },
        };
      } else {
        const order = pick(orders);
        const to = pick(STATUSES);
        yield {
          type: "OrderStatusChanged",
          occurredAt,
          visitorId: null,
          userId: null,
          payload: { orderId: order.id, from: order.status, to, total: order.total },
        };
        // Delivery performance (issue 21), derived from the order without drawing more numbers,
        // so the rest of the log stays what it was: some delivered in time, some late.
        if (to === "completed") {
          const minutes = 3 + (order.total % 30);
          const paidAt = new Date(occurredAt.getTime() - minutes * 60_000);
          const dueAt = new Date(paidAt.getTime() + 20 * 60_000).toISOString();
          // Staff waited for some buyers, who said "I'm ready" a minute before delivery (or never).
          if (order.total % 14 === 0) {
            const ready = new Date(occurredAt.getTime() - 60_000);
            yield {
              type: "OrderReadinessChanged",
              occurredAt: ready,
              visitorId: null,
              userId: order.userId,
              payload: { orderId: order.id, readiness: "ready", by: order.userId },
            };
          }
          // What it delivered (one or two products, of one game), except in events from before it was said.
          const product = PRODUCTS[order.total % PRODUCTS.length]!.id;
          const named =
            order.total % 9 === 0 ? {} : { productIds: order.total % 2 ? [product] : [product, PRODUCTS[0]!.id], gameIds: [`game-${order.total % 3}`] };
          yield {
            type: "OrderDelivered",
            occurredAt,
            visitorId: null,
            userId: null,
            payload: { orderId: order.id, paidAt: paidAt.toISOString(), dueAt, minutes, late: minutes > 20, ...named },
          };
        } else if (to === "processing" && order.total % 4 === 0) {
          yield { type: "OrderLate", occurredAt, visitorId: null, userId: null, payload: { orderId: order.id, dueAt: occurredAt.toISOString() } };
        } else if (to === "processing" && order.total % 7 === 0) {
          yield {
            type: "OrderReadinessChanged",
            occurredAt,
            visitorId: null,
            userId: null,
            payload: { orderId: order.id, readiness: "waiting_for_buyer", by: "staff" },
          };
        }
        yield* riskEvents(order, to, occurredAt);
        order.status = to;
      }
    } else if (roll < 0.98) {
      const open = conversations.filter((c) => c.open);
      if (open.length && rnd() < 0.5) {
        const conversation = pick(open);
        conversation.open = rnd() < 0.1; // sometimes closed twice
        yield { type: "SupportConversationClosed", occurredAt, visitorId, userId, payload: { conversationId: conversation.id } };
      } else if (rnd() < 0.05) {
        yield { type: "SupportConversationClosed", occurredAt, visitorId, userId, payload: { conversationId: `conversation-unknown-${id()}` } };
      } else {
        const conversation = { id: `conversation-${id()}`, open: true };
        conversations.push(conversation);
        yield { type: "SupportConversationOpened", occurredAt, visitorId, userId, payload: { conversationId: conversation.id } };
      }
    } else {
      const pending = submissions.filter((s) => s.pending);
      if (pending.length && rnd() < 0.5) {
        const submission = pick(pending);
        submission.pending = false;
        yield {
          type: "ReviewDecided",
          occurredAt,
          visitorId: null,
          userId: null,
          payload: { submissionId: submission.id, status: rnd() < 0.7 ? "approved" : "rejected" },
        };
      } else {
        const submission = { id: `submission-${id()}`, pending: true };
        submissions.push(submission);
        yield {
          type: "ReviewSubmitted",
          occurredAt,
          visitorId,
          userId: userId ?? pick(users.length ? users : ["user-anon"]),
          payload: { submissionId: submission.id },
        };
      }
    }
  }
}

/**
 * Risk events (issue 37) of an order changing status, derived from the order without drawing more
 * numbers: some held and decided at their next change, disputes (some reported twice) and reversals
 * on completion, disputes ended (some lost) at a later change.
 */
function* riskEvents(
  order: { id: string; total: number; userId: string; risk?: "held" | "decided"; dispute?: "open" | "ended" },
  to: string,
  occurredAt: Date,
): Generator<NewEvent> {
  const base = { occurredAt, visitorId: null, userId: order.userId };
  if (order.dispute === "open" && to !== "completed") {
    order.dispute = "ended";
    const lost = order.total % 2 === 0;
    yield { ...base, type: "DisputeEnded", payload: { orderId: order.id, outcome: lost ? "RESOLVED_BUYER_FAVOUR" : "DENIED", lost } };
  }
  if (order.risk === "held") {
    order.risk = "decided";
    yield { ...base, type: "OrderRiskDecided", payload: { orderId: order.id, decision: to === "cancelled" ? "rejected" : "approved", total: order.total } };
  } else if (!order.risk && order.total % 5 === 0) {
    order.risk = "held";
    yield { ...base, type: "OrderHeld", payload: { orderId: order.id, score: 50 + (order.total % 50), total: order.total } };
  }
  if (to === "completed" && order.total % 3 === 0) {
    order.dispute ??= "open";
    yield { ...base, type: "ChargebackRecorded", payload: { orderId: order.id, kind: "dispute", amount: order.total } };
  }
  if (to === "completed" && order.total % 6 === 1)
    yield { ...base, type: "ChargebackRecorded", payload: { orderId: order.id, kind: "reversal", amount: order.total } };
}

/** An event as an `events` row (for inserting a generated log directly). */
export function toEventRow(event: NewEvent) {
  return {
    type: event.type,
    version: event.version ?? 1,
    occurredAt: event.occurredAt.toISOString(),
    visitorId: event.visitorId,
    userId: event.userId,
    payload: JSON.stringify(event.payload),
  };
}
