import { parse } from "csv-parse/sync";
import { describe, expect, it } from "vitest";
import * as exportCsv from "#src/pages/api/admin/products/export.csv.ts";
import * as holders from "#src/pages/api/admin/holders/index.ts";
import * as holderStock from "#src/pages/api/admin/holders/[id]/stock.ts";
import { product, signInAdmin } from "./helpers/shoppers.ts";
import { createTestApp, TEST_DATABASE } from "./helpers/test-app.ts";
import { countRows } from "./helpers/row-count.ts";
import { insertBulkProducts } from "./helpers/bulk-products.ts";

const store = await createTestApp();
const admin = await signInAdmin(store);
const exported = async () => {
  const res = await admin.call(exportCsv.GET, "/api/admin/products/export.csv");
  expect(res.status).toBe(200);
  expect(res.headers.get("content-type")).toBe("text/csv; charset=utf-8");
  return parse<Record<string, string>>(res.body as string, { columns: true });
};

describe(`GET /api/admin/products/export.csv on ${TEST_DATABASE}`, () => {
  it("a line per product with its fields, then a line per holder with its stock; quoting round-trips", async () => {
    const item = await product(store, "Frost Dragon");
    await store.app.db.updateTable("products").set({ name: 'Frost Dragon, "Mega"\nNeon' }).where("id", "=", item.id).execute();
    const holder = (await admin.call(holders.POST, "/api/admin/holders", { body: { gameId: item.gameId, robloxUsername: "ExportHolder1" } })).body;
    await admin.call(holderStock.PUT, "/x", { method: "PUT", params: { id: holder.id }, body: { productId: item.id, quantity: 7 } });

    const rows = await exported();
    expect(rows.filter((r) => r.kind === "product")).toHaveLength(await countRows(store.app.db, "products"));
    const mine = rows.filter((r) => r.id === item.id);
    expect(mine).toEqual([
      expect.objectContaining({ kind: "product", name: 'Frost Dragon, "Mega"\nNeon', price: (item.priceCents / 100).toFixed(2), stock: "7", holder: "" }),
      expect.objectContaining({ kind: "holder", holder: "ExportHolder1", quantity: "7", price: "" }),
    ]);
  });

  it("streams a grown shop's 20,000 products, in batches, every one once", async () => {
    const { gameId, category } = await product(store, "Giraffe");
    await insertBulkProducts(store.app.db, { gameId, category, prefix: "bulk", name: "Bulk item", count: 20_000, displayFrom: 1000 });
    const exportedRows = (await exported()).filter((r) => r.kind === "product" && (r.id ?? "").startsWith("bulk-"));
    expect(exportedRows).toHaveLength(20_000);
    expect(new Set(exportedRows.map((r) => r.id)).size).toBe(20_000);
    expect(exportedRows[19_999]).toMatchObject({ id: "bulk-19999", price: "200.99", stock: String(19_999 % 7) });
  }, 120_000);
});
