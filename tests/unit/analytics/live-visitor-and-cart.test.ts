import { describe, expect, it } from "vitest";
import { customerCartActivity, evolveCartLine, lineQuantity, type CartLine } from "#domain/analytics/cart-activity.ts";
import type { StoredEvent } from "#domain/analytics/events.ts";
import { evolveLiveVisitor, type LiveVisitor } from "#domain/analytics/live-visitor.ts";

type PageViewed = Extract<StoredEvent, { type: "PageViewed" }>;
type CartItemAdded = Extract<StoredEvent, { type: "CartItemAdded" }>;
let id = 0;

const view = (page: string, iso: string, visitorId: string | null = "v1", userId: string | null = null): PageViewed => ({
  id: ++id,
  version: 1,
  type: "PageViewed",
  occurredAt: new Date(iso),
  visitorId,
  userId,
  payload: { page, pageTitle: page, referrer: null },
});

describe("evolveLiveVisitor", () => {
  it("keeps the latest page, user and time of a visitor", () => {
    let state: LiveVisitor | undefined = evolveLiveVisitor(undefined, view("/", "2026-11-21T10:00:00Z")) ?? undefined;
    state = evolveLiveVisitor(state, view("/shop", "2026-11-21T10:01:00Z", "v1", "u1")) ?? state;
    expect(state).toEqual({ sessionId: "v1", lastPage: "/shop", userId: "u1", lastVisit: "2026-11-21T10:01:00.000Z" });
  });

  it("never lets an older view replace a newer one; at the same instant the later one in the log wins", () => {
    const state = evolveLiveVisitor(undefined, view("/new", "2026-11-21T10:01:00Z"))!;
    expect(evolveLiveVisitor(state, view("/old", "2026-11-21T10:00:00Z"))).toBeNull();
    expect(evolveLiveVisitor(state, view("/same", "2026-11-21T10:01:00Z"))?.lastPage).toBe("/same");
  });

  it("has no session to show for a view without a visitor id", () => {
    expect(evolveLiveVisitor(undefined, view("/", "2026-11-21T10:00:00Z", null, "u1"))).toBeNull();
  });
});

const add = (
  quantity: number,
  source: "tracker" | undefined,
  iso = "2026-11-21T10:00:00Z",
  price = 1299,
  who: { visitorId?: string | null; userId?: string | null } = {},
): CartItemAdded => ({
  id: ++id,
  version: 1,
  type: "CartItemAdded",
  occurredAt: new Date(iso),
  visitorId: who.visitorId === undefined ? "v1" : who.visitorId,
  userId: who.userId ?? null,
  payload: { productId: "p1", productName: "Dragon Fruit", quantity, price, ...(source ? { source } : {}) },
});

function foldLine(events: CartItemAdded[]): CartLine | undefined {
  let line: CartLine | undefined;
  for (const event of events) line = evolveCartLine(line, event) ?? line;
  return line;
}

describe("cart activity from two sources", () => {
  it("counts an add once when both the cart and the tracker report it", () => {
    expect(lineQuantity(foldLine([add(2, undefined), add(2, "tracker"), add(1, undefined), add(1, "tracker")])!)).toBe(3);
  });

  it("counts adds reported by only one source (tracker blocked, or the cart not yet recording)", () => {
    expect(lineQuantity(foldLine([add(2, undefined), add(1, undefined)])!)).toBe(3);
    expect(lineQuantity(foldLine([add(2, "tracker"), add(1, "tracker")])!)).toBe(3);
    expect(lineQuantity(foldLine([add(2, undefined), add(2, "tracker"), add(1, undefined)])!)).toBe(3);
  });

  it("belongs to the user when signed in, else to the visitor, else to nobody", () => {
    expect(evolveCartLine(undefined, add(1, undefined, undefined, undefined, { userId: "u1" }))?.ownerKey).toBe("user:u1");
    expect(evolveCartLine(undefined, add(1, undefined))?.ownerKey).toBe("visitor:v1");
    expect(evolveCartLine(undefined, add(1, undefined, undefined, undefined, { visitorId: null }))).toBeNull();
  });

  it("sums a customer's lines per product (guest and user), keeps the latest price and totals the value", () => {
    const asGuest = foldLine([add(1, "tracker", "2026-11-21T09:00:00Z", 1000)])!;
    const asUser = { ...foldLine([add(2, undefined, "2026-11-21T10:00:00Z", 1299, { userId: "u1" })])!, ownerKey: "user:u1" };
    const other: CartLine = {
      ownerKey: "user:u1",
      productId: "p2",
      productName: "Robux 400",
      price: 499,
      cartQuantity: 1,
      trackerQuantity: 1,
      lastAddedAt: "2026-11-21T09:30:00.000Z",
    };
    expect(customerCartActivity([asUser, other, asGuest])).toEqual({
      activities: [
        { productId: "p2", productName: "Robux 400", quantity: 1, price: 499 },
        { productId: "p1", productName: "Dragon Fruit", quantity: 3, price: 1299 },
      ],
      totalCartValue: 499 + 3 * 1299,
    });
    expect(customerCartActivity([])).toEqual({ activities: [], totalCartValue: 0 });
  });
});
