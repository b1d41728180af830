import { describe, expect, it } from "vitest";
import { askStockAlert } from "#domain/stock-alerts/ask-stock-alert.ts";
import { linkItemRequest } from "#domain/stock-alerts/link-item-request.ts";
import { linkItemRequestToNewProduct } from "#domain/stock-alerts/link-new-product.ts";
import type { ProductFields } from "#domain/catalogue/product.ts";
import { firstComeFirstServed, STOCK_ALERT_RATE } from "#domain/stock-alerts/stock-alert.ts";
import { sequentialIds } from "../../fakes/in-memory-catalogue.ts";
import { inMemoryStockAlerts } from "../../fakes/in-memory-stock-alerts.ts";

const at = (iso: string) => ({ now: () => new Date(iso) });

describe("firstComeFirstServed (who hears about a restock)", () => {
  const waiting = [
    { id: "c", createdAt: "2026-11-21T10:00:02.000Z" },
    { id: "b", createdAt: "2026-11-21T10:00:01.000Z" },
    { id: "a", createdAt: "2026-11-21T10:00:01.000Z" },
    { id: "d", createdAt: "2026-11-21T10:00:03.000Z" },
  ];
  it("takes the earliest, at most one per unit, the id breaking a tie", () => {
    expect(firstComeFirstServed(waiting, 2).map((w) => w.id)).toEqual(["a", "b"]);
    expect(firstComeFirstServed(waiting, 3).map((w) => w.id)).toEqual(["a", "b", "c"]);
  });
  it("takes everyone when there are more units than addresses, and nobody at 0 units", () => {
    expect(firstComeFirstServed(waiting, 10)).toHaveLength(4);
    expect(firstComeFirstServed(waiting, 0)).toEqual([]);
    expect(firstComeFirstServed(waiting, -1)).toEqual([]);
  });
});

describe("askStockAlert", () => {
  it("stores one waiting alert per address and product, lower-cased, whoever asks twice", async () => {
    const fake = inMemoryStockAlerts({ stock: { p1: 0 } });
    const deps = { alerts: fake.repository, clock: at("2026-11-21T10:00:00.000Z"), ids: sequentialIds() };
    await askStockAlert({ productId: "p1", email: " Kid@Mail.test ", clientKey: "k1" }, deps);
    await askStockAlert({ productId: "p1", email: "kid@mail.test", clientKey: "k2" }, deps);
    expect(fake.alerts.map((a) => [a.email, a.status])).toEqual([["kid@mail.test", "waiting"]]);
    expect(fake.inStock).toEqual([]);
  });
  it("refuses an unknown product, a malformed address, and more than the rate from one client within the minute", async () => {
    const fake = inMemoryStockAlerts({ stock: { p1: 0 } });
    let now = "2026-11-21T10:00:00.000Z";
    const deps = { alerts: fake.repository, clock: { now: () => new Date(now) }, ids: sequentialIds() };
    await expect(askStockAlert({ productId: "nope", email: "a@mail.test", clientKey: "k" }, deps)).rejects.toMatchObject({ kind: "not_found" });
    await expect(askStockAlert({ productId: "p1", email: "no-at-sign", clientKey: "k" }, deps)).rejects.toMatchObject({ kind: "invalid" });
    for (let i = 0; i < STOCK_ALERT_RATE.max; i++) await askStockAlert({ productId: "p1", email: `a${i}@mail.test`, clientKey: "k" }, deps);
    await expect(askStockAlert({ productId: "p1", email: "late@mail.test", clientKey: "k" }, deps)).rejects.toMatchObject({ kind: "rate_limited" });
    // A minute later the brake is off.
    now = "2026-11-21T10:01:00.001Z";
    await askStockAlert({ productId: "p1", email: "late@mail.test", clientKey: "k" }, deps);
    expect(fake.alerts).toHaveLength(STOCK_ALERT_RATE.max + 1);
  });
});

describe("linkItemRequest", () => {
  it("makes the request's address wait for the product, and refuses an unknown request or product", async () => {
    const fake = inMemoryStockAlerts({ stock: { p1: 0 }, itemRequests: { r1: "asker@mail.test" } });
    const deps = { linking: fake.linking, clock: at("2026-11-21T10:00:00.000Z"), ids: sequentialIds() };
    await linkItemRequest({ itemRequestId: "r1", productId: "p1" }, deps);
    expect(fake.links.get("r1")).toBe("p1");
    expect(fake.alerts).toMatchObject([{ email: "asker@mail.test", productId: "p1", itemRequestId: "r1", status: "waiting" }]);
    await expect(linkItemRequest({ itemRequestId: "r2", productId: "p1" }, deps)).rejects.toMatchObject({ kind: "not_found" });
    await expect(linkItemRequest({ itemRequestId: "r1", productId: "p9" }, deps)).rejects.toMatchObject({ kind: "not_found" });
    // Out of stock: the address waits for the restock; nothing to tell yet.
    expect(fake.inStock).toEqual([]);
  });

  it("a product already in stock is recorded as such, so the requester is told on the job's next run", async () => {
    const fake = inMemoryStockAlerts({ stock: { p1: 4 }, itemRequests: { r1: "asker@mail.test" } });
    await linkItemRequest({ itemRequestId: "r1", productId: "p1" }, { linking: fake.linking, clock: at("2026-11-21T10:00:00.000Z"), ids: sequentialIds() });
    expect(fake.alerts).toMatchObject([{ email: "asker@mail.test", productId: "p1", status: "waiting" }]);
    expect(fake.inStock).toEqual([{ productId: "p1", units: 4 }]);
  });
});

describe("linkItemRequestToNewProduct", () => {
  it("makes the product in the request's game at stock 0, named as asked unless staff rename it, and links the request to it", async () => {
    const fake = inMemoryStockAlerts({ itemRequests: { r1: "asker@mail.test" } });
    const made: ProductFields[] = [];
    const deps = {
      alerts: fake.repository,
      linking: fake.linking,
      clock: at("2026-11-21T10:00:00.000Z"),
      ids: sequentialIds(),
      createProduct: async (fields: ProductFields) => {
        made.push(fields);
        return { id: "new-1" };
      },
    };
    const actor = { id: "owner", email: "owner@shop.test" };
    // The new product's stock is 0 (the fake's stockOf must know it for the link).
    Object.assign(fake.repository, { stockOf: async (id: string) => (id === "new-1" ? 0 : null) });
    const product = { name: " ", category: "Fruits", price: 1999, description: "" };
    expect(await linkItemRequestToNewProduct({ itemRequestId: "r1", product }, actor, deps)).toEqual({ productId: "new-1" });
    expect(made).toEqual([expect.objectContaining({ name: "Item of r1", gameId: "g1", category: "Fruits", price: 1999, stock: 0, featured: false })]);
    expect(made[0]!.image).toMatch(/^\/img\/item\/fruits--item-of-r1\.svg$/);
    expect(fake.links.get("r1")).toBe("new-1");
    expect(fake.alerts).toMatchObject([{ email: "asker@mail.test", productId: "new-1", status: "waiting" }]);
    expect(fake.inStock).toEqual([]);
    await expect(linkItemRequestToNewProduct({ itemRequestId: "r9", product }, actor, deps)).rejects.toMatchObject({ kind: "not_found" });
    expect(made).toHaveLength(1);
  });
});
