import { describe, expect, it } from "vitest";
import * as bulkPrice from "#src/pages/api/admin/products/bulk-price.ts";
import * as audit from "#src/pages/api/admin/audit.ts";
import { product, signInAdmin } from "./helpers/shoppers.ts";
import { createTestApp, TEST_DATABASE } from "./helpers/test-app.ts";

const store = await createTestApp();
const admin = await signInAdmin(store);
const call = (body: unknown) => admin.call(bulkPrice.POST, "/api/admin/products/bulk-price", { body });

describe(`POST /api/admin/products/bulk-price on ${TEST_DATABASE}`, () => {
  it("reprices a selection by a percentage in one change, audited once", async () => {
    const [a, b] = [await product(store, "Frost Dragon"), await product(store, "Giraffe")];
    const res = await call({ productIds: [a.id, b.id], percent: 10 });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect((await product(store, "Frost Dragon")).priceCents).toBe(Math.round(a.priceCents * 1.1));
    expect((await product(store, "Giraffe")).priceCents).toBe(Math.round(b.priceCents * 1.1));
    const trail = (await admin.call(audit.GET, "/api/admin/audit?kind=product.update")).body.entries;
    expect(trail.filter((e: { entityId: string }) => e.entityId === "products")).toHaveLength(1);
  });

  it("never below 0.01, and an amount lowers", async () => {
    const item = await product(store, "Neon Owl");
    expect((await call({ productIds: [item.id], amount: "-100000" })).status).toBe(200);
    expect((await product(store, "Neon Owl")).priceCents).toBe(1);
  });

  it("changes nothing when one id is unknown, or when no change or two changes are given", async () => {
    const item = await product(store, "Bat Dragon");
    const unknown = await call({ productIds: [item.id, "no-such-product"], set: "1.00" });
    expect(unknown.status).toBe(404);
    expect((await product(store, "Bat Dragon")).priceCents).toBe(item.priceCents);
    const none = await call({ productIds: [item.id] });
    expect([none.status, Object.keys(none.body.fields)]).toEqual([400, ["set"]]);
    expect((await call({ productIds: [item.id], set: "1.00", percent: 5 })).status).toBe(400);
    const zero = await call({ productIds: [item.id], set: "0.00" });
    expect([zero.status, Object.keys(zero.body.fields)]).toEqual([400, ["set"]]);
  });
});
