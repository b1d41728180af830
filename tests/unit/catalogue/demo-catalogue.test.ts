import { describe, expect, it } from "vitest";
import { stockBadge } from "#domain/catalogue/product.ts";
import { DEMO_CATALOGUE } from "#adapters/seed/catalogue.ts";

describe("demo catalogue (issue 2: what a newcomer browses)", () => {
  it("has the ten games the spec names", () => {
    expect(DEMO_CATALOGUE.map((g) => g.name)).toEqual([
      "Blox Fruits",
      "Pet Simulator 99",
      "Murder Mystery 2",
      "Doors",
      "Adopt Me",
      "Grow a Garden",
      "Steal a Brainrot",
      "Plants vs Brainrots",
      "Toilet Tower Defense",
      "Blade Ball",
    ]);
  });

  it.each(DEMO_CATALOGUE.map((g) => [g.name, g] as const))("%s has 2-4 categories, 6-12 products, each in one of its categories", (_, game) => {
    expect(game.categories.length).toBeGreaterThanOrEqual(2);
    expect(game.categories.length).toBeLessThanOrEqual(4);
    expect(game.products.length).toBeGreaterThanOrEqual(6);
    expect(game.products.length).toBeLessThanOrEqual(12);
    for (const product of game.products) expect(game.categories).toContain(product.category);
    expect(new Set(game.products.map((p) => p.name)).size).toBe(game.products.length);
  });

  it("prices are positive cents; an original price is higher but at most double (up to 50% off)", () => {
    for (const product of DEMO_CATALOGUE.flatMap((g) => g.products)) {
      expect(Number.isInteger(product.price) && product.price > 0).toBe(true);
      if (product.originalPrice !== null) {
        expect(product.originalPrice).toBeGreaterThan(product.price);
        expect(product.originalPrice).toBeLessThanOrEqual(product.price * 2);
      }
    }
  });

  it("covers all three stock badges and has featured products", () => {
    const products = DEMO_CATALOGUE.flatMap((g) => g.products);
    expect(new Set(products.map((p) => stockBadge(p.stock)))).toEqual(new Set(["In Stock", "Low Stock", "Out of Stock"]));
    expect(products.filter((p) => p.featured).length).toBeGreaterThanOrEqual(6);
  });
});
