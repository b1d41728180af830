import { describe, expect, it } from "vitest";
import { seedCatalogue, type SeedGame } from "#domain/catalogue/seed-catalogue.ts";
import { createInMemoryCatalogue, sequentialIds } from "../../fakes/in-memory-catalogue.ts";

const games: SeedGame[] = [
  {
    slug: "doors",
    name: "Doors",
    description: "Doors items",
    categories: ["Knobs", "Revives"],
    products: [
      { name: "1000 Knobs", category: "Knobs", description: "", price: 499, originalPrice: null, stock: 80, featured: false },
      { name: "Revive Pack", category: "Revives", description: "", price: 299, originalPrice: 499, stock: 0, featured: true },
    ],
  },
  {
    slug: "blade-ball",
    name: "Blade Ball",
    description: "Blade Ball items",
    categories: ["Swords"],
    products: [{ name: "Dragon's Blade", category: "Swords", description: "", price: 999, originalPrice: null, stock: 3, featured: false }],
  },
];

describe("seedCatalogue", () => {
  it("adds every game with its categories and products, in the given order", async () => {
    const catalogue = createInMemoryCatalogue();
    const result = await seedCatalogue(games, { unitOfWork: catalogue.unitOfWork, ids: sequentialIds() });
    expect(result).toEqual({ gamesAdded: 2, productsAdded: 3, gamesAlreadyPresent: 0 });
    expect(catalogue.state.games.map((g) => [g.slug, g.displayOrder])).toEqual([
      ["doors", 0],
      ["blade-ball", 1],
    ]);
    expect(catalogue.state.categories.map((c) => c.name)).toEqual(["Knobs", "Revives", "Swords"]);
    const pack = catalogue.state.products.find((p) => p.name === "Revive Pack");
    expect(pack).toMatchObject({ price: 299, originalPrice: 499, stock: 0, featured: true, displayOrder: 1 });
  });

  it("uses the store's own generated images (the category picks the icon), never remote ones", async () => {
    const catalogue = createInMemoryCatalogue();
    await seedCatalogue(games, { unitOfWork: catalogue.unitOfWork, ids: sequentialIds() });
    expect(catalogue.state.games[0]!.thumbnail).toBe("/img/game/doors.svg");
    expect(catalogue.state.products.find((p) => p.name === "Dragon's Blade")!.image).toBe("/img/item/swords--dragon-s-blade.svg");
  });

  it("is idempotent: a second run adds nothing", async () => {
    const catalogue = createInMemoryCatalogue();
    await seedCatalogue(games, { unitOfWork: catalogue.unitOfWork, ids: sequentialIds() });
    const again = await seedCatalogue(games, { unitOfWork: catalogue.unitOfWork, ids: sequentialIds("again") });
    expect(again).toEqual({ gamesAdded: 0, productsAdded: 0, gamesAlreadyPresent: 2 });
    expect(catalogue.state.products).toHaveLength(3);
  });

  it("adds only the games that are missing", async () => {
    const catalogue = createInMemoryCatalogue();
    await seedCatalogue(games.slice(0, 1), { unitOfWork: catalogue.unitOfWork, ids: sequentialIds() });
    const result = await seedCatalogue(games, { unitOfWork: catalogue.unitOfWork, ids: sequentialIds("b") });
    expect(result).toEqual({ gamesAdded: 1, productsAdded: 1, gamesAlreadyPresent: 1 });
  });
});
