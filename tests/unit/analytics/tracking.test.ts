import { describe, expect, it } from "vitest";
import type { NewEvent } from "#domain/analytics/events.ts";
import { recordCartActivity } from "#domain/analytics/record-cart-activity.ts";
import type { PageViewed } from "#domain/analytics/page-view-log.port.ts";
import { recordPageView, type PageViewDeps } from "#domain/analytics/record-page-view.ts";
import { recordUserRegistered } from "#domain/analytics/record-user-registered.ts";
import { type TrackingHit, admitHits } from "#domain/analytics/tracking-admission.ts";
import { trackingHits, trackingLimitKey, type Tracked, type TrackingDeps } from "#domain/analytics/tracking.ts";
import { isDomainError } from "#domain/shared/domain-error.ts";

const now = new Date("2026-11-21T10:00:00.000Z");

/** In-memory tracking: a log, per-key hit counts (one window) and a catalogue of one product. */
function fakeTracking(limitPerMinute = 3) {
  const events: NewEvent[] = [];
  const hits = new Map<string, number>();
  const deps: TrackingDeps = {
    clock: { now: () => now },
    limitPerMinute,
    tracking: {
      run: async (work) => {
        const staged: NewEvent[] = [];
        const result = await work({
          events: { append: async (e) => void staged.push(e) },
          limiter: {
            hit: async (key, limit) => {
              hits.set(key, (hits.get(key) ?? 0) + 1);
              return hits.get(key)! <= limit;
            },
            secondsLeft: () => 42,
          },
          products: { find: async (id) => (id === "p1" ? { name: "Dragon Fruit", price: 1299 } : null) },
        });
        events.push(...staged);
        return result;
      },
    },
  };
  return { events, hits, deps };
}

/** An in-memory page-view log: per-key hit counts (one window) under the domain's admission rule. */
function fakePageViews(limitPerMinute = 3) {
  const events: PageViewed[] = [];
  const hits = new Map<string, number>();
  const deps: PageViewDeps = {
    clock: { now: () => now },
    limitPerMinute,
    pageViews: {
      record: async (view, hit) => {
        const all: TrackingHit[] = Array.isArray(hit) ? [...hit] : [hit as TrackingHit];
        for (const h of all) hits.set(h.key, (hits.get(h.key) ?? 0) + 1);
        if (!admitHits(all, hits).every(Boolean)) return "limited";
        events.push(view);
        return "recorded";
      },
    },
  };
  return { events, hits, deps };
}

const guest: Tracked = { visitorId: "v1", knownVisitor: true, clientIp: "10.0.0.1", userId: null, analyticsConsent: true };

describe("recordPageView", () => {
  it("appends a PageViewed for the visitor and user at the clock's time", async () => {
    const { events, deps } = fakePageViews();
    await recordPageView({ page: "/shop", pageTitle: "Shop", referrer: null }, { ...guest, userId: "u1" }, deps);
    expect(events).toEqual([
      { type: "PageViewed", occurredAt: now, visitorId: "v1", userId: "u1", payload: { page: "/shop", pageTitle: "Shop", referrer: null } },
    ]);
  });

  it("without analytics consent counts the view as nobody's, still under the visitor's limit (issue 20)", async () => {
    const { events, hits, deps } = fakePageViews();
    for (const analyticsConsent of [false, undefined]) {
      await recordPageView({ page: "/shop", pageTitle: "Shop", referrer: null }, { ...guest, userId: "u1", analyticsConsent }, deps);
    }
    expect(events.map((e) => [e.visitorId, e.userId])).toEqual([
      [null, null],
      [null, null],
    ]);
    expect(hits.get(trackingLimitKey("page-view", guest))).toBe(2);
  });

  it("refuses over the per-visitor limit with rate_limited and appends nothing more; other visitors go on", async () => {
    const { events, hits, deps } = fakePageViews(2);
    const view = { page: "/", pageTitle: "Home", referrer: null };
    await recordPageView(view, guest, deps);
    await recordPageView(view, guest, deps);
    const refused = await recordPageView(view, guest, deps).catch((e: unknown) => e);
    expect(isDomainError(refused) && refused.kind).toBe("rate_limited");
    await recordPageView(view, { ...guest, visitorId: "v2" }, deps);
    expect(events.map((e) => e.visitorId)).toEqual(["v1", "v1", "v2"]);
    expect(hits.get(trackingLimitKey("page-view", guest))).toBe(3);
  });
});

describe("per-address limits reset by dropping the visitor cookie", () => {
  it("six fresh visitor cookies from one address no longer bring six quotas: the address's ceiling is five times a visitor's", async () => {
    const { events, deps } = fakePageViews(2);
    const view = { page: "/", pageTitle: "Home", referrer: null };
    let refused = 0;
    for (let v = 1; v <= 6; v++) {
      for (let i = 0; i < 2; i++) await recordPageView(view, { ...guest, visitorId: `fresh-${v}` }, deps).catch(() => refused++);
    }
    expect(events).toHaveLength(10);
    expect(refused).toBe(2);
    expect(trackingHits("page-view", guest, 2)).toEqual([
      { key: "page-view:visitor:v1", limit: 2 },
      { key: "page-view:ip:10.0.0.1", limit: 10 },
    ]);
  });
});

describe("trackingLimitKey", () => {
  it("limits by visitor, or by address when the request brought no visitor cookie", () => {
    expect(trackingLimitKey("page-view", guest)).toBe("page-view:visitor:v1");
    expect(trackingLimitKey("page-view", { ...guest, knownVisitor: false })).toBe("page-view:ip:10.0.0.1");
  });
});

describe("recordCartActivity", () => {
  it("records the catalogue's name and price (not the client's) as a tracker report", async () => {
    const { events, deps } = fakeTracking();
    await recordCartActivity({ productId: "p1", quantity: 2 }, guest, deps);
    expect(events).toEqual([
      {
        type: "CartItemAdded",
        occurredAt: now,
        visitorId: "v1",
        userId: null,
        payload: { productId: "p1", productName: "Dragon Fruit", quantity: 2, price: 1299, source: "tracker" },
      },
    ]);
  });

  it("without analytics consent counts the add as nobody's (issue 20)", async () => {
    const { events, deps } = fakeTracking();
    for (const analyticsConsent of [false, undefined]) {
      await recordCartActivity({ productId: "p1", quantity: 1 }, { ...guest, userId: "u1", analyticsConsent }, deps);
    }
    expect(events.map((e) => [e.visitorId, e.userId])).toEqual([
      [null, null],
      [null, null],
    ]);
  });

  it("refuses an unknown product with not_found, and over the limit with rate_limited", async () => {
    const { events, deps } = fakeTracking(1);
    const unknown = await recordCartActivity({ productId: "nope", quantity: 1 }, guest, deps).catch((e: unknown) => e);
    expect(isDomainError(unknown) && unknown.kind).toBe("not_found");
    const limited = await recordCartActivity({ productId: "p1", quantity: 1 }, guest, deps).catch((e: unknown) => e);
    expect(isDomainError(limited) && limited.kind).toBe("rate_limited");
    expect(events).toEqual([]);
  });
});

describe("recordUserRegistered", () => {
  it("appends UserRegistered with the registering browser's visitor id", async () => {
    const { events, deps } = fakeTracking();
    await recordUserRegistered({ userId: "u1", email: "a@b.co", visitorId: "v1" }, deps);
    expect(events).toEqual([{ type: "UserRegistered", occurredAt: now, visitorId: "v1", userId: "u1", payload: { email: "a@b.co" } }]);
  });
});
