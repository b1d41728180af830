import { describe, expect, it } from "vitest";
import { GAME_PAGE_SIZE, groupByCategory, pageCount } from "#domain/catalogue/product-listing.ts";

// The filter and sort rules of a game page run in the database since issue 33: their tests are
// tests/integration/product-pages.db.test.ts, on SQLite and PostgreSQL.

const products = [
  { name: "Leopard", category: "Fruits" },
  { name: "Dragon", category: "Fruits" },
  { name: "2x Mastery", category: "Gamepasses" },
  { name: "Buddha", category: "Fruits" },
];
const names = (list: { name: string }[]) => list.map((p) => p.name);

describe("game page listing", () => {
  it("groups by category in the categories' order, dropping empty groups and keeping the given order within one", () => {
    const groups = groupByCategory(products, ["Gamepasses", "Robux", "Fruits"]);
    expect(groups.map((g) => g.category)).toEqual(["Gamepasses", "Fruits"]);
    expect(names(groups[1]!.products)).toEqual(["Leopard", "Dragon", "Buddha"]);
  });

  it("puts unknown categories last", () => {
    expect(groupByCategory([...products, { name: "x", category: "Other" }], ["Fruits", "Gamepasses"]).map((g) => g.category)).toEqual([
      "Fruits",
      "Gamepasses",
      "Other",
    ]);
  });

  it("counts pages: a partly filled last page is a page, an empty list still has page 1", () => {
    expect(pageCount(0, GAME_PAGE_SIZE)).toBe(1);
    expect(pageCount(60, 60)).toBe(1);
    expect(pageCount(61, 60)).toBe(2);
    expect(pageCount(2000, 60)).toBe(34);
  });
});
