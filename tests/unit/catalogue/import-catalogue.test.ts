import { describe, expect, it } from "vitest";
import type { AuditEntry } from "#domain/audit/audit-entry.ts";
import type { CsvRecord } from "#domain/catalogue/catalogue-csv.ts";
import type { CatalogueImportRepositories } from "#domain/catalogue/catalogue-import.port.ts";
import type { ImportHolder, ImportHolding } from "#domain/catalogue/catalogue-import-plan.ts";
import { IMPORT_BATCH, importCatalogue, type CatalogueImportDeps } from "#domain/catalogue/import-catalogue.ts";
import type { Product } from "#domain/catalogue/product.ts";
import { isDomainError } from "#domain/shared/domain-error.ts";

const actor = { id: "admin", email: "admin@shop.test" };

/** The store an import reads and writes, in memory: a unit of work works on a copy kept only when it returns. */
function memoryStore(products: Product[], holders: ImportHolder[], holdings: ImportHolding[]) {
  let state = { products, holdings, audit: [] as AuditEntry[] };
  const locked: string[][] = [];
  const repositories = (s: typeof state): CatalogueImportRepositories => ({
    games: async () => [{ id: "g1", slug: "adopt-me" }],
    productsByIds: async (ids) => s.products.filter((p) => ids.includes(p.id)),
    holdersOf: async (gameIds) => holders.filter((h) => gameIds.includes(h.gameId)),
    holdingsOf: async (ids) => s.holdings.filter((h) => ids.includes(h.productId)),
    products: {
      add: async (product) => void s.products.push(product),
      update: async (product) => void (s.products = s.products.map((p) => (p.id === product.id ? product : p))),
      nextDisplayOrder: async () => s.products.length,
    },
    lock: async (ids) => void locked.push([...ids]),
    setHolding: async (line) => void (s.holdings = [...s.holdings.filter((h) => h.holderId !== line.holderId || h.productId !== line.productId), line]),
    recount: async (ids) => {
      s.products = s.products.map((p) =>
        ids.includes(p.id) ? { ...p, stock: s.holdings.filter((h) => h.productId === p.id).reduce((sum, h) => sum + h.quantity, 0) } : p,
      );
    },
    audit: { record: async (entry) => void s.audit.push(entry) },
  });
  let n = 0;
  const deps: CatalogueImportDeps = {
    unitOfWork: {
      run: async (work) => {
        const copy = structuredClone(state);
        const result = await work(repositories(copy));
        state = copy;
        return result;
      },
    },
    reads: repositories(state),
    ids: { newId: () => `new-${++n}` },
    clock: { now: () => new Date("2026-12-03T06:00:00Z") },
  };
  return { deps, locked, state: () => state };
}

const product = (i: number): Product => ({
  id: `p${String(i).padStart(4, "0")}`,
  gameId: "g1",
  name: `Item ${i}`,
  category: "Pets",
  description: "",
  image: "/img/x.svg",
  price: 100 + i,
  originalPrice: null,
  stock: 5,
  displayOrder: i,
  featured: false,
  requirements: [],
  deliveryMethod: "trade",
  deliveryMinutes: null,
  robuxAmount: null,
});

const line = (p: Product, over: Record<string, string> = {}): Record<string, string> => ({
  kind: "product",
  id: p.id,
  game: "adopt-me",
  name: p.name,
  category: p.category,
  price: (p.price / 100).toFixed(2),
  originalPrice: "",
  stock: String(p.stock),
  featured: "0",
  deliveryMethod: "trade",
  ...over,
});

async function* records(cells: Record<string, string>[]): AsyncGenerator<CsvRecord> {
  for (const [i, c] of cells.entries()) yield { line: i + 2, cells: c };
}

describe("importCatalogue: a file a batch at a time", () => {
  const catalogue = Array.from({ length: IMPORT_BATCH * 2 + 10 }, (_, i) => product(i));
  const holder = { id: "h1", gameId: "g1", robloxUsername: "AM-Holder-1", active: true };
  const holdings = [{ holderId: "h1", productId: catalogue[IMPORT_BATCH - 1]!.id, quantity: 5 }];

  it("a dry run reads every batch and writes nothing", async () => {
    const store = memoryStore(structuredClone(catalogue), [holder], holdings);
    const file = catalogue.map((p, i) => line(p, i === 3 ? { price: "9.00" } : {}));
    const { rows, counts } = await importCatalogue(records(file), { apply: false }, actor, store.deps);
    expect([rows.length, counts]).toEqual([catalogue.length, { create: 0, update: 1, unchanged: catalogue.length - 1, error: 0 }]);
    expect(store.state().products).toEqual(catalogue);
    expect(store.locked).toEqual([]);
  });

  it("a holder line at a batch's end stays with its product; a product twice across batches is an error; applied, nothing is kept", async () => {
    const store = memoryStore(structuredClone(catalogue), [holder], holdings);
    const last = catalogue[IMPORT_BATCH - 1]!;
    const file = [
      // Item 0 costs 1.00 already: unchanged; the other 499 and the holder line update.
      ...catalogue.slice(0, IMPORT_BATCH).map((p) => line(p, { price: "1.00" })),
      { kind: "holder", id: last.id, holder: "AM-Holder-1", quantity: "8" },
      ...catalogue.slice(IMPORT_BATCH).map((p) => line(p)),
      line(catalogue[0]!),
    ];
    const refused = await importCatalogue(records(file), { apply: true }, actor, store.deps).catch((error: unknown) => error);
    expect(isDomainError(refused) && [refused.kind, refused.answer?.["counts"]]).toEqual([
      "unprocessable",
      { create: 0, update: IMPORT_BATCH, unchanged: IMPORT_BATCH + 11, error: 1 },
    ]);
    expect(store.state().products).toEqual(catalogue);
    expect(store.state().audit).toEqual([]);

    store.locked.length = 0;
    const applied = await importCatalogue(records(file.slice(0, -1)), { apply: true }, actor, store.deps);
    expect(applied.counts).toEqual({ create: 0, update: IMPORT_BATCH, unchanged: IMPORT_BATCH + 11, error: 0 });
    expect(store.state().products.find((p) => p.id === last.id)).toMatchObject({ price: 100, stock: 8 });
    expect(store.locked.map((ids) => ids.length)).toEqual([IMPORT_BATCH, IMPORT_BATCH, 10]);
    expect(store.state().audit.map((e) => [e.kind, e.after])).toEqual([["product.import", applied.counts]]);
  });
});
