import { describe, expect, it } from "vitest";
import { DEFAULT_LISTING, groupByCategory, listProducts } from "#domain/catalogue/product-listing.ts";

const products = [
  { name: "Leopard", category: "Fruits", price: 1999, stock: 0, featured: false, displayOrder: 0 },
  { name: "Dragon", category: "Fruits", price: 2999, stock: 5, featured: true, displayOrder: 1 },
  { name: "2x Mastery", category: "Gamepasses", price: 499, stock: 100, featured: false, displayOrder: 2 },
  { name: "Fast Boats", category: "Gamepasses", price: 499, stock: 60, featured: false, displayOrder: 3 },
  { name: "Buddha", category: "Fruits", price: 999, stock: 12, featured: true, displayOrder: 4 },
];
const names = (list: { name: string }[]) => list.map((p) => p.name);

describe("game page listing", () => {
  it("by default shows everything, featured first, then by displayOrder", () => {
    expect(names(listProducts(products, DEFAULT_LISTING))).toEqual(["Dragon", "Buddha", "Leopard", "2x Mastery", "Fast Boats"]);
  });

  it("filters by category chip", () => {
    expect(names(listProducts(products, { ...DEFAULT_LISTING, category: "Gamepasses" }))).toEqual(["2x Mastery", "Fast Boats"]);
  });

  it("keeps only products in stock when asked", () => {
    expect(names(listProducts(products, { ...DEFAULT_LISTING, inStockOnly: true }))).not.toContain("Leopard");
  });

  it("applies an inclusive price range", () => {
    expect(names(listProducts(products, { ...DEFAULT_LISTING, minPrice: 999, maxPrice: 1999, sort: "price-asc" }))).toEqual(["Buddha", "Leopard"]);
  });

  it("sorts by price both ways, equal prices keeping displayOrder", () => {
    expect(names(listProducts(products, { ...DEFAULT_LISTING, sort: "price-asc" }))).toEqual(["2x Mastery", "Fast Boats", "Buddha", "Leopard", "Dragon"]);
    expect(names(listProducts(products, { ...DEFAULT_LISTING, sort: "price-desc" }))).toEqual(["Dragon", "Leopard", "Buddha", "2x Mastery", "Fast Boats"]);
  });

  it("sorts by name", () => {
    expect(names(listProducts(products, { ...DEFAULT_LISTING, sort: "name" }))).toEqual(["2x Mastery", "Buddha", "Dragon", "Fast Boats", "Leopard"]);
  });

  it("does not change its input", () => {
    const copy = structuredClone(products);
    listProducts(products, { ...DEFAULT_LISTING, sort: "name" });
    expect(products).toEqual(copy);
  });

  it("groups by category in the categories' order, dropping empty groups", () => {
    const groups = groupByCategory(products, ["Gamepasses", "Robux", "Fruits"]);
    expect(groups.map((g) => g.category)).toEqual(["Gamepasses", "Fruits"]);
    expect(names(groups[1]!.products)).toEqual(["Leopard", "Dragon", "Buddha"]);
  });
});
