import { parse } from "csv-parse/sync";
import { stringify } from "csv-stringify/sync";
import { describe, expect, it } from "vitest";
import * as exportCsv from "#src/pages/api/admin/products/export.csv.ts";
import * as importCsv from "#src/pages/api/admin/products/import.ts";
import * as holders from "#src/pages/api/admin/holders/index.ts";
import * as holderStock from "#src/pages/api/admin/holders/[id]/stock.ts";
import * as audit from "#src/pages/api/admin/audit.ts";
import { CATALOGUE_CSV_COLUMNS, type CatalogueCsvRow } from "#domain/catalogue/catalogue-csv.ts";
import { product, signInAdmin } from "./helpers/shoppers.ts";
import { createTestApp, TEST_DATABASE } from "./helpers/test-app.ts";
import { insertBulkProducts } from "./helpers/bulk-products.ts";

const store = await createTestApp();
const admin = await signInAdmin(store);

const exported = async () => (await admin.call(exportCsv.GET, "/api/admin/products/export.csv")).body as string;
const rowsOf = (csv: string) => parse<CatalogueCsvRow>(csv, { columns: true });
const csvOf = (rows: readonly Partial<CatalogueCsvRow>[]) => stringify(rows as CatalogueCsvRow[], { header: true, columns: [...CATALOGUE_CSV_COLUMNS] });
const send = (csv: string, dryRun: boolean) =>
  admin.call(importCsv.POST, "/api/admin/products/import", {
    rawBody: csv,
    headers: { "content-type": "text/csv" },
    ...(dryRun ? { query: { dryRun: "1" } } : {}),
  });

/** Everything an import may write, to compare before and after. */
async function snapshot() {
  const products = await store.app.db.selectFrom("products").selectAll().orderBy("id").execute();
  const stock = await store.app.db.selectFrom("holder_stock").selectAll().orderBy("productId").orderBy("holderId").execute();
  return { products, stock };
}

async function holderWith(productId: string, gameId: string, robloxUsername: string, quantity: number) {
  const holder = (await admin.call(holders.POST, "/api/admin/holders", { body: { gameId, robloxUsername } })).body as { id: string };
  const res = await admin.call(holderStock.PUT, "/x", { method: "PUT", params: { id: holder.id }, body: { productId, quantity } });
  expect(res.status).toBe(200);
  return holder;
}

const importEntries = async () => (await admin.call(audit.GET, "/api/admin/audit?kind=product.import")).body.entries as { after: unknown }[];

describe(`POST /api/admin/products/import on ${TEST_DATABASE}`, () => {
  it("the exported file back: every line unchanged, and applying it changes nothing (not even the audit trail)", async () => {
    const item = await product(store, "Frost Dragon");
    await store.app.db.updateTable("products").set({ name: 'Frost Dragon, "Mega"\nNeon' }).where("id", "=", item.id).execute();
    await holderWith(item.id, item.gameId, "ImportHolder1", 4);
    const csv = await exported();
    const before = await snapshot();

    const dry = await send(csv, true);
    expect(dry.status, JSON.stringify(dry.body).slice(0, 500)).toBe(200);
    expect(dry.body.rows.length).toBe(rowsOf(csv).length);
    expect(dry.body.rows.filter((r: { action: string }) => r.action !== "unchanged")).toEqual([]);
    // Line numbers are the file's: the multi-line name makes the next record start two lines on.
    const lines = dry.body.rows.map((r: { line: number }) => r.line);
    expect(lines[0]).toBe(2);

    const applied = await send(csv, false);
    expect(applied.status, JSON.stringify(applied.body).slice(0, 500)).toBe(200);
    expect(applied.body.counts).toMatchObject({ create: 0, update: 0, error: 0 });
    expect(await snapshot()).toEqual(before);
    expect(await importEntries()).toEqual([]);
  });

  it("a dry run says what would change and writes nothing; applied, it writes it all (stock the holders' sum)", async () => {
    const item = await product(store, "Giraffe");
    const holder = await holderWith(item.id, item.gameId, "ImportHolder2", 3);
    const rows = rowsOf(await exported());
    const mine = rows.filter((r) => r.id === item.id).map((r) => (r.kind === "product" ? { ...r, price: "77.70", stock: "" } : { ...r, quantity: "9" }));
    const slug = mine[0]!.game;
    const created = { kind: "product", id: "", game: slug, name: "Imported Unicorn", category: mine[0]!.category, price: "5.00", stock: "" };
    const createdHolder = { kind: "holder", id: "", game: slug, holder: "ImportHolder2", quantity: "2" };
    const csv = csvOf([...mine, created, createdHolder]);
    const before = await snapshot();

    const dry = await send(csv, true);
    expect(dry.body.rows.map((r: { action: string }) => r.action)).toEqual(["update", "update", "create", "create"]);
    expect(await snapshot()).toEqual(before);

    const applied = await send(csv, false);
    expect(applied.status, JSON.stringify(applied.body)).toBe(200);
    const after = await product(store, "Giraffe");
    expect([after.priceCents, after.stock]).toEqual([7770, 9]);
    const unicorn = await product(store, "Imported Unicorn");
    // On a holder, the new product's stock is the holder's units.
    expect([unicorn.priceCents, unicorn.stock, unicorn.gameId]).toEqual([500, 2, item.gameId]);
    expect((await importEntries()).map((e) => e.after)).toEqual([{ create: 2, update: 2, unchanged: 0, error: 0 }]);
    const lines = await store.app.db.selectFrom("holder_stock").selectAll().where("holderId", "=", holder.id).orderBy("quantity").execute();
    expect(lines.map((l) => Number(l.quantity))).toEqual([2, 9]);
  });

  it("a bad line is reported by line and column, and nothing of the file is applied (422)", async () => {
    const item = await product(store, "Neon Owl");
    const rows = rowsOf(await exported());
    const line = rows.find((r) => r.id === item.id)!;
    // Not the first test's two-line Frost Dragon: the lines after it would start one further on.
    const other = rows.find((r) => r.kind === "product" && r.id !== item.id && r.game === line.game && !r.name.includes("\n"))!;
    const csv = csvOf([
      { ...line, price: "1.23" },
      { kind: "holder", id: line.id, holder: "NobodyHoldsThis", quantity: "1" },
      { ...line, id: "", name: "Bad price", price: "12,5" },
      { ...line, id: "", name: "Bad game", game: "no-such-game" },
      { ...other, originalPrice: "0.01", price: "2.00" },
      { ...line, price: "1.23" },
    ]);
    const before = await snapshot();
    const res = await send(csv, false);
    expect(res.status).toBe(422);
    expect(res.body.error).toMatch(/Nothing was imported/);
    const byLine = Object.fromEntries(res.body.rows.map((r: { line: number; errors: string[] }) => [r.line, r.errors.join(" | ")]));
    expect(byLine[3]).toMatch(/^holder: no holder "NobodyHoldsThis" is registered/);
    expect(byLine[4]).toMatch(/^price: "12,5" is not a price; write it like 12.99/);
    expect(byLine[5]).toMatch(/^game: no game has the slug "no-such-game"/);
    expect(byLine[6]).toMatch(/^originalPrice: 0.01 is not above the price 2.00/);
    expect(byLine[7]).toMatch(/^id: this product is already on line 2/);
    expect(res.body.rows[0]).toEqual({ line: 2, action: "update", errors: [] });
    expect(await snapshot()).toEqual(before);
  });

  it("imports and a holder's stock edit at once: each waits for the products' locks, and the stock is the holder's units after the last", async () => {
    const item = await product(store, "Mega Neon Turtle");
    const holder = await holderWith(item.id, item.gameId, "ImportHolder3", 1);
    const rows = rowsOf(await exported()).filter((r) => r.id === item.id);
    const file = (quantity: number) => csvOf(rows.map((r) => (r.kind === "holder" ? { ...r, quantity: String(quantity) } : { ...r, stock: "" })));
    const answers = await Promise.all([
      send(file(5), false),
      send(file(7), false),
      admin.call(holderStock.PUT, "/x", { method: "PUT", params: { id: holder.id }, body: { productId: item.id, quantity: 9 } }),
    ]);
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
    const line = await store.app.db.selectFrom("holder_stock").select("quantity").where("holderId", "=", holder.id).executeTakeFirstOrThrow();
    expect([5, 7, 9]).toContain(Number(line.quantity));
    expect((await product(store, "Mega Neon Turtle")).stock).toBe(Number(line.quantity));
  });

  it("refuses a body that is not CSV (415), not valid CSV (400), too large (413) or from a shopper (403)", async () => {
    const json = await admin.call(importCsv.POST, "/api/admin/products/import", { body: { rows: [] } });
    expect(json.status).toBe(415);
    expect((await send('kind,id\n"product,x\n', true)).status).toBe(400);
    const huge = await send(`kind,id,game,name,category,price\n${"x".repeat(10 * 1024 * 1024)}`, true);
    expect([huge.status, huge.body.error]).toEqual([413, expect.stringMatching(/larger than/)]);
    const header = await send("kind,id\nproduct,x\n", true);
    expect(header.body.rows).toEqual([{ line: 1, action: "error", errors: [expect.stringMatching(/^The header lacks game, name, category, price/)] }]);
    const shopper = store.client();
    expect((await shopper.call(importCsv.POST, "/api/admin/products/import", { rawBody: "kind\n", headers: { "content-type": "text/csv" } })).status).toBe(401);
  });

  it("a dry run of a grown shop's 20,000 products: every line answered, a batch at a time", async () => {
    const { gameId, category } = await product(store, "Bat Dragon");
    await insertBulkProducts(store.app.db, { gameId, category, prefix: "import", name: "Import item", count: 20_000, displayFrom: 2000 });
    const csv = await exported();
    const changed = csv.replace(/^product,import-19999,(.*?),200\.99,/m, "product,import-19999,$1,201.00,");
    const dry = await send(changed, true);
    expect(dry.status).toBe(200);
    const mine = dry.body.rows.length;
    expect(mine).toBe(rowsOf(csv).length);
    expect(dry.body.counts).toMatchObject({ update: 1, error: 0, create: 0 });
  }, 180_000);
});
