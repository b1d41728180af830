import { describe, expect, it } from "vitest";
import { generateShop, productsToAdd, prng, uuidFrom, type Row, type ShopBase } from "#bench/scale/generate.ts";
import { scaleSizes } from "#bench/scale/sizes.ts";
import { formatBytes, median, percentile } from "#bench/scale/stats.ts";

// bench:scale's data builder at a tiny size: the rows must be ones the store itself could have
// written (orders whose totals are their items', a paid history line and timeline for each, the
// events the projections fold, balances that are the ledgers' sums), or the benchmark measures a
// shop that cannot exist.

const NOW = new Date("2026-11-27T12:00:00.000Z");
const games = ["blox-fruits", "adopt-me", "pet-simulator-99"].map((slug, i) => ({
  id: `game-${i}`,
  slug,
  name: slug.replace(/-/g, " "),
  categories: ["Fruits", "Gamepasses"],
  images: [`/images/${slug}.webp`],
  productCount: 2,
  nextDisplayOrder: 2,
}));
const base: ShopBase = {
  now: NOW,
  adminId: "admin-1",
  loyal: { id: "loyal-1", email: "loyal@bench.example", robloxUsername: "LoyalBuilder2000" },
  games,
  demoProducts: games.flatMap((g) => [0, 1].map((k) => ({ id: `${g.id}-p${k}`, gameId: g.id, name: `Demo ${k}`, priceCents: 499 }))),
  templates: {
    user: { id: "loyal-1", name: "Loyal", email: "loyal@bench.example", emailVerified: 0, isAdmin: 0, staffRole: null, points: 0, storeCredit: 0 },
    account: { id: "acc-1", accountId: "loyal-1", providerId: "credential", userId: "loyal-1", password: "hash" },
    consent: { id: "c-1", userId: "loyal-1", kind: "terms", choice: "accepted", version: "2026-01", recordedAt: NOW.toISOString() },
  },
  compensationPoints: 500,
  slaMinutes: 20,
  seed: 7,
};

function build(seed = 7): Map<string, Row[]> {
  const sizes = scaleSizes(0.002);
  const tables = new Map<string, Row[]>();
  for (const batch of generateShop(sizes, { ...base, seed })) {
    expect(batch.rows.length).toBeGreaterThan(0);
    const keys = Object.keys(batch.rows[0]!).join(",");
    for (const row of batch.rows) expect(Object.keys(row).join(",")).toBe(keys);
    tables.set(batch.table, [...(tables.get(batch.table) ?? []), ...batch.rows]);
  }
  return tables;
}

const byOrder = (rows: Row[]) => {
  const map = new Map<string, Row[]>();
  for (const row of rows) map.set(String(row["orderId"]), [...(map.get(String(row["orderId"])) ?? []), row]);
  return map;
};

describe("bench:scale data builder", () => {
  const sizes = scaleSizes(0.002);
  const tables = build();
  const orders = tables.get("orders")!;
  const events = tables.get("events")!;
  const payloads = (type: string) => events.filter((e) => e["type"] === type).map((e) => JSON.parse(String(e["payload"])) as Record<string, unknown>);

  it("writes the sizes asked for: products, accounts, orders, the loyal shopper's orders, tracked events", () => {
    expect(tables.get("products")!.length + base.demoProducts.length).toBe(sizes.products);
    expect(tables.get("products")!.filter((p) => p["gameId"] === "game-0").length + 2).toBe(sizes.bloxFruitsProducts);
    expect(tables.get("user")!.length + 1).toBe(sizes.users);
    expect(tables.get("account")!.length).toBe(sizes.users - 1);
    expect(orders.length).toBe(sizes.orders);
    expect(orders.filter((o) => o["userId"] === "loyal-1").length).toBe(sizes.loyalOrders);
    expect(events.filter((e) => e["type"] === "PageViewed" || e["type"] === "CartItemAdded").length).toBe(sizes.trackedEvents);
    expect(payloads("UserRegistered").length).toBe(sizes.users - 1);
  });

  it("gives every order the items, total, payment history, timeline and events the store writes", () => {
    const items = byOrder(tables.get("order_items")!);
    const history = byOrder(tables.get("payment_history")!);
    const timeline = byOrder(tables.get("order_timeline")!);
    const placed = new Map(payloads("OrderPlaced").map((p) => [p["orderId"], p]));
    const delivered = new Map(payloads("OrderDelivered").map((p) => [p["orderId"], p]));
    const users = new Set([base.loyal.id, ...tables.get("user")!.map((u) => u["id"])]);
    const products = new Map(
      [...base.demoProducts, ...tables.get("products")!.map((p) => ({ id: p["id"], priceCents: p["priceCents"] }))].map((p) => [p.id, p]),
    );
    for (const order of orders) {
      const id = String(order["id"]);
      expect(users.has(order["userId"])).toBe(true);
      const lines = items.get(id)!;
      expect(lines.length).toBeGreaterThan(0);
      for (const line of lines) expect(products.get(line["productId"])?.priceCents).toBe(line["unitPriceCents"]);
      const subtotal = lines.reduce((sum, l) => sum + Number(l["unitPriceCents"]) * Number(l["quantity"]), 0);
      expect(order["subtotalCents"]).toBe(subtotal);
      expect(order["totalCents"]).toBe(subtotal - Number(order["discountCents"]));
      expect(history.get(id)).toEqual([{ orderId: id, kind: "paid", amountCents: subtotal, note: "Payment captured", at: order["paidAt"] }]);
      const kinds = timeline.get(id)!.map((t) => t["kind"]);
      expect(kinds.slice(0, 2)).toEqual(["placed", "paid"]);
      expect(placed.get(id)).toMatchObject({ total: subtotal, itemCount: lines.reduce((n, l) => n + Number(l["quantity"]), 0) });
      expect(Date.parse(String(order["deliveryDueAt"])) - Date.parse(String(order["paidAt"]))).toBe(20 * 60_000);
      if (order["status"] === "completed") {
        expect(kinds.at(-1)).toBe("delivered");
        expect(delivered.get(id)).toMatchObject({ late: order["lateAt"] !== null, productIds: lines.map((l) => l["productId"]) });
        expect(Date.parse(String(order["deliveredAt"]))).toBeGreaterThan(Date.parse(String(order["paidAt"])));
      } else {
        expect(order["deliveredAt"]).toBeNull();
        expect(delivered.has(id)).toBe(false);
        expect(kinds.at(-1)).toBe(order["status"] === "cancelled" ? "cancelled" : "paid");
      }
      // A late order was marked and compensated once by the late-order job; nothing is left for it to do.
      if (order["lateAt"] !== null) {
        expect(kinds).toEqual(expect.arrayContaining(["late", "compensated"]));
        expect(order["compensatedAt"]).not.toBeNull();
      }
    }
    expect(orders.some((o) => o["lateAt"] !== null)).toBe(true);
    expect(orders.filter((o) => o["status"] === "pending").length).toBe(sizes.queuedOrders);
  });

  it("credits purchase points for delivered orders and compensation for late ones, as the ledger the balances sum", () => {
    const ledger = tables.get("points_ledger")!;
    const completed = orders.filter((o) => o["status"] === "completed");
    expect(ledger.filter((l) => l["reason"] === "purchase").map((l) => l["reference"])).toEqual(completed.map((o) => `${String(o["id"])}#1`));
    expect(ledger.filter((l) => l["reason"] === "late_delivery").length).toBe(orders.filter((o) => o["lateAt"] !== null).length);
  });

  it("appends each day's events in time order and is the same for the same seed", () => {
    const days = events.map((e) => String(e["occurredAt"]).slice(0, 10));
    expect([...days].sort()).toEqual(days);
    expect(build().get("orders")).toEqual(orders);
    expect(build(8).get("orders")).not.toEqual(orders);
  });

  it("shares the products to add between the games, Blox Fruits first", () => {
    const add = productsToAdd(scaleSizes(1), games);
    expect(add.get("game-0")).toBe(1998);
    expect([...add.values()].reduce((a, b) => a + b, 0)).toBe(20_000 - 6);
  });
});

describe("bench:scale helpers", () => {
  it("draws version-4 UUIDs from a seeded generator", () => {
    const a = uuidFrom(prng(1));
    expect(a).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(uuidFrom(prng(1))).toBe(a);
    expect(uuidFrom(prng(2))).not.toBe(a);
  });

  it("takes percentiles by nearest rank", () => {
    const values = Array.from({ length: 100 }, (_, i) => 100 - i);
    expect(median(values)).toBe(50);
    expect(percentile(values, 95)).toBe(95);
    expect(percentile(values, 100)).toBe(100);
    expect(median([3, 1, 2])).toBe(2);
    expect(() => percentile([], 50)).toThrow();
  });

  it("prints sizes in B, KB and MB", () => {
    expect(formatBytes(812)).toBe("812 B");
    expect(formatBytes(256 * 1024)).toBe("256.0 KB");
    expect(formatBytes(6.45 * 1024 * 1024)).toBe("6.45 MB");
  });

  it("refuses a scale outside (0, 10]", () => {
    expect(() => scaleSizes(0)).toThrow();
    expect(() => scaleSizes(Number.NaN)).toThrow();
    expect(scaleSizes(1)).toMatchObject({
      products: 20_000,
      bloxFruitsProducts: 2_000,
      users: 100_000,
      orders: 500_000,
      loyalOrders: 2_000,
      trackedEvents: 1_000_000,
    });
  });
});
