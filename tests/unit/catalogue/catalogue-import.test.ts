import { describe, expect, it } from "vitest";
import { duplicateKey, headerProblem, readHolderLine, readProductLine } from "#domain/catalogue/catalogue-import-line.ts";
import { planEntry, type EntryContext, type ImportEntry } from "#domain/catalogue/catalogue-import-plan.ts";
import { countActions } from "#domain/catalogue/catalogue-csv.ts";
import type { Product } from "#domain/catalogue/product.ts";

const dragon: Product = {
  id: "p1",
  gameId: "g1",
  name: "Frost Dragon",
  category: "Pets",
  description: "Cold",
  image: "/img/x.svg",
  price: 1299,
  originalPrice: 1599,
  stock: 7,
  displayOrder: 3,
  featured: false,
  requirements: [],
  deliveryMethod: "trade",
  deliveryMinutes: null,
  robuxAmount: null,
};

const productCells = (over: Record<string, string> = {}) => ({
  kind: "product",
  id: "p1",
  game: "adopt-me",
  name: "Frost Dragon",
  category: "Pets",
  price: "12.99",
  originalPrice: "15.99",
  stock: "7",
  featured: "0",
  deliveryMethod: "trade",
  holder: "",
  quantity: "",
  ...over,
});
const holderCells = (holder: string, quantity: string, id = "p1") => ({ ...productCells(), kind: "holder", id, holder, quantity, price: "", stock: "" });

const context = (over: Partial<EntryContext> = {}): EntryContext => ({
  current: dragon,
  currentGameSlug: "adopt-me",
  game: { id: "g1", slug: "adopt-me" },
  holders: [],
  holdings: [],
  duplicateOf: null,
  ...over,
});
const entry = (product: Record<string, string> | null, holders: Record<string, string>[] = []): ImportEntry => ({
  product: product && { line: 2, cells: product },
  holders: holders.map((cells, i) => ({ line: 3 + i, cells })),
});
const actions = (plan: ReturnType<typeof planEntry>) => plan.rows.map((r) => r.action);

describe("reading a catalogue line", () => {
  it("names the column and the fix of each bad cell", () => {
    const { value, errors } = readProductLine(
      productCells({ price: "12,5", originalPrice: "-1", stock: "2.5", featured: "yes", deliveryMethod: "mail", name: "" }),
    );
    expect(value).toBeNull();
    expect(errors).toEqual([
      "name: empty; every product needs one",
      'price: "12,5" is not a price; write it like 12.99 (0.01 or more)',
      'originalPrice: "-1" is not a price; write it like 12.99 (0.01 or more)',
      'stock: "2.5" is not a number of units; write a whole number from 0 to 1,000,000',
      'featured: "yes" is neither 1 nor 0; write 1 to feature the product, 0 not to',
      'deliveryMethod: "mail" is not a delivery method; write trade, gift, private_server, gamepass',
    ]);
  });

  it("refuses a price of 0 and an original price not above the price", () => {
    expect(readProductLine(productCells({ price: "0" })).errors).toEqual(['price: "0" is not a price; write it like 12.99 (0.01 or more)']);
    expect(readProductLine(productCells({ originalPrice: "12.99" })).errors).toEqual([
      "originalPrice: 12.99 is not above the price 12.99; make it higher than the price, or leave it empty",
    ]);
  });

  it("reads empty optional cells as left empty, and a holder's line", () => {
    expect(readProductLine(productCells({ id: "", originalPrice: "", stock: "", featured: "", deliveryMethod: "" })).value).toEqual({
      ...{ id: null, game: "adopt-me", name: "Frost Dragon", category: "Pets", price: 1299 },
      ...{ originalPrice: null, stock: null, featured: null, deliveryMethod: null },
    });
    expect(readHolderLine(holderCells("AM-Holder-1", "4")).value).toEqual({ id: "p1", holder: "AM-Holder-1", quantity: 4 });
    expect(readHolderLine(holderCells("", "x")).errors).toEqual([
      "holder: empty; write the Roblox username of the holder account",
      'quantity: "x" is not a number of units; write a whole number from 0 to 1,000,000',
    ]);
  });

  it("a header without the needed columns, and which lines are one product", () => {
    expect(headerProblem({ kind: "product", id: "p1" })).toMatch(/^The header lacks game, name, category, price/);
    expect(headerProblem(productCells())).toBeNull();
    expect(duplicateKey(productCells())).toBe(duplicateKey(productCells({ name: "Other" })));
    expect(duplicateKey(productCells({ id: "", name: "New" }))).toBe(duplicateKey(productCells({ id: "", name: " new " })));
  });
});

describe("planning a product's lines against the store", () => {
  it("the exported line back is unchanged and writes nothing", () => {
    const plan = planEntry(entry(productCells()), context());
    expect([actions(plan), plan.product, plan.holdings]).toEqual([["unchanged"], null, []]);
  });

  it("a changed field updates, keeping what the file does not carry", () => {
    const plan = planEntry(entry(productCells({ price: "9.99", originalPrice: "", featured: "" })), context());
    expect(actions(plan)).toEqual(["update"]);
    expect(plan.product).toEqual({ kind: "update", product: { ...dragon, price: 999, originalPrice: null } });
  });

  it("a line without an id creates a product at the form's defaults", () => {
    const plan = planEntry(entry(productCells({ id: "", name: "Giraffe", stock: "", originalPrice: "" })), context({ current: null, currentGameSlug: null }));
    expect(actions(plan)).toEqual(["create"]);
    expect(plan.product).toMatchObject({
      kind: "create",
      fields: { gameId: "g1", name: "Giraffe", stock: 100, deliveryMethod: "trade", image: "/img/item/pets--giraffe.svg" },
    });
  });

  it("an unknown id, an unknown game, a move to another game and a second line are errors", () => {
    expect(planEntry(entry(productCells({ id: "nope" })), context({ current: null })).rows[0]!.errors).toEqual([
      'id: no product has the id "nope"; leave id empty to add a new product',
    ]);
    expect(planEntry(entry(productCells({ game: "nope" })), context({ game: null })).rows[0]!.errors).toEqual([
      'game: no game has the slug "nope"; use a slug from the Games tab',
    ]);
    expect(planEntry(entry(productCells({ game: "mm2" })), context({ game: { id: "g2", slug: "mm2" } })).rows[0]!.errors).toEqual([
      "game: this product is in adopt-me; write adopt-me here (move a product to another game in its editor)",
    ]);
    const twice = planEntry(entry(productCells()), context({ duplicateOf: 9 }));
    expect([actions(twice), twice.rows[0]!.errors]).toEqual([["error"], ["id: this product is already on line 9; keep one line per product"]]);
  });

  const holders = [
    { id: "h1", gameId: "g1", robloxUsername: "AM-Holder-1", active: true },
    { id: "h2", gameId: "g1", robloxUsername: "AM-Holder-2", active: true },
    { id: "h3", gameId: "g1", robloxUsername: "AM-Lost", active: false },
  ];
  const holdings = [
    { holderId: "h1", productId: "p1", quantity: 4 },
    { holderId: "h2", productId: "p1", quantity: 3 },
    { holderId: "h3", productId: "p1", quantity: 0 },
  ];

  it("holder lines set their holder's units; holders left out keep theirs", () => {
    const plan = planEntry(entry(productCells(), [holderCells("am-holder-1", "10"), holderCells("AM-Lost", "0")]), context({ holders, holdings }));
    expect(actions(plan)).toEqual(["unchanged", "update", "unchanged"]);
    expect([plan.product, plan.holdings]).toEqual([null, [{ holderId: "h1", productId: "p1", quantity: 10 }]]);
  });

  it("on holders, stock may stay, be empty or be the new sum; anything else is an error", () => {
    const ctx = context({ holders, holdings });
    expect(actions(planEntry(entry(productCells({ stock: "13" }), [holderCells("AM-Holder-1", "10")]), ctx))).toEqual(["unchanged", "update"]);
    expect(actions(planEntry(entry(productCells({ stock: "" }), [holderCells("AM-Holder-1", "10")]), ctx))).toEqual(["unchanged", "update"]);
    expect(planEntry(entry(productCells({ stock: "50" })), ctx).rows[0]!.errors).toEqual([
      "stock: this product's units are on its holders (7 in all); change their lines under it, or leave stock empty",
    ]);
  });

  it("an unknown holder, a lost one given units, a holder twice, a wrong id and a stray line are errors; nothing is written", () => {
    const ctx = context({ holders, holdings });
    const plan = planEntry(
      entry(productCells({ price: "1.00" }), [
        holderCells("Nobody", "1"),
        holderCells("AM-Lost", "5"),
        holderCells("AM-Holder-2", "1"),
        holderCells("AM-Holder-2", "2"),
        holderCells("AM-Holder-1", "1", "p9"),
      ]),
      ctx,
    );
    expect(plan.rows.map((r) => r.errors)).toEqual([
      [],
      ['holder: no holder "Nobody" is registered for adopt-me; add it on the Holders tab first, or correct the name'],
      ["quantity: AM-Lost is marked lost; restore it on the Holders tab before giving it stock"],
      [],
      ["holder: AM-Holder-2 is already on line 5 for this product; keep one line per holder"],
      ['id: "p9" is not the id of the product line above; put each holder line right under its product\'s line, with its id'],
    ]);
    expect([plan.product, plan.holdings]).toEqual([null, []]);
    expect(planEntry(entry(null, [holderCells("AM-Holder-1", "1")]), ctx).rows[0]!.errors).toEqual([
      "kind: a holder line must sit right under its product's line",
    ]);
    expect(countActions(plan.rows)).toEqual({ create: 0, update: 2, unchanged: 0, error: 4 });
  });
});
