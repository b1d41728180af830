import { describe, expect, it } from "vitest";
import { boundedCount } from "#read-models/shared/bounded-count.ts";
import * as adminOrders from "#src/pages/api/admin/orders.ts";
import { totalCountHeaders } from "#server/total-count.ts";
import { administrator, shopper } from "./helpers/accounts.ts";
import { createTestApp, TEST_DATABASE } from "./helpers/test-app.ts";
import { createTestOrder } from "./helpers/test-orders.ts";

const store = await createTestApp({ seed: false });
const boss = await administrator(store);
const sam = await shopper(store, "sam.list@shop.test");
for (const id of ["order-a1", "order-b2", "order-c3", "odd_100%"]) await createTestOrder(store.app.db, id, sam.id);
await store.app.db.updateTable("orders").set({ email: "Jane.Doe@Example.com", robloxUsername: "JaneRblx" }).where("id", "=", "order-b2").execute();

const list = (query: Record<string, string> = {}, browser = boss.browser) => browser.call(adminOrders.GET, "/api/admin/orders", { query });
const ids = (body: { id: string }[]) => body.map((o) => o.id).sort();

describe(`GET /api/admin/orders search and paging on ${TEST_DATABASE}`, () => {
  it("without parameters answers every order as an array, with the total in X-Total-Count", async () => {
    const res = await list();
    expect(res.status).toBe(200);
    expect(ids(res.body)).toEqual(["odd_100%", "order-a1", "order-b2", "order-c3"]);
    expect(res.headers.get("x-total-count")).toBe("4");
  });

  it("finds an id, an email or a Roblox username, exactly or by its beginning, case-insensitively, wildcards matched literally", async () => {
    expect(ids((await list({ q: "ORDER-B2" })).body)).toEqual(["order-b2"]);
    expect(ids((await list({ q: "order-" })).body)).toEqual(["order-a1", "order-b2", "order-c3"]);
    expect(ids((await list({ q: "jane.doe@" })).body)).toEqual(["order-b2"]);
    expect(ids((await list({ q: "jane.doe@example.com" })).body)).toEqual(["order-b2"]);
    expect(ids((await list({ q: "janerblx" })).body)).toEqual(["order-b2"]);
    expect(ids((await list({ q: "JANER" })).body)).toEqual(["order-b2"]);
    expect(ids((await list({ q: "odd_100%" })).body)).toEqual(["odd_100%"]);
    // A prefix, not a pattern: "_" and "%" are characters, and the middle of a value is not its beginning.
    expect((await list({ q: "o_d" })).body).toEqual([]);
    expect((await list({ q: "%" })).body).toEqual([]);
    expect((await list({ q: "b2" })).body).toEqual([]);
    expect((await list({ q: "nobody" })).headers.get("x-total-count")).toBe("0");
    expect((await list({ q: "order-" })).headers.get("x-total-count")).toBe("3");
    expect((await list({ q: "order-" })).headers.get("x-total-count-capped")).toBeNull();
  });

  it("pages with offset and limit without overlap, and refuses bad values", async () => {
    const all = (await list()).body.map((o: { id: string }) => o.id);
    const first = (await list({ limit: "2" })).body.map((o: { id: string }) => o.id);
    const second = (await list({ limit: "2", offset: "2" })).body.map((o: { id: string }) => o.id);
    expect([...first, ...second]).toEqual(all);
    expect((await list({ limit: "0" })).status).toBe(400);
    expect((await list({ offset: "-1" })).status).toBe(400);
    expect((await list({}, sam.browser)).status).toBe(403);
  });

  it('counts at most up to a cap and then says so (the panel\'s "10,000+")', async () => {
    const { db } = store.app;
    expect(await boundedCount(db, db.selectFrom("orders"), 4)).toEqual({ total: 4, capped: false });
    expect(await boundedCount(db, db.selectFrom("orders"), 3)).toEqual({ total: 3, capped: true });
    expect(await boundedCount(db, db.selectFrom("orders").where("id", "=", "order-a1"), 3)).toEqual({ total: 1, capped: false });
    expect(totalCountHeaders({ total: 3, capped: true })).toEqual({ "X-Total-Count": "3", "X-Total-Count-Capped": "true" });
    expect(totalCountHeaders({ total: 3, capped: false })).toEqual({ "X-Total-Count": "3" });
  });
});
