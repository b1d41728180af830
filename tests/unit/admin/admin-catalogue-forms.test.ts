import { describe, expect, it } from "vitest";
import {
  canSaveProduct,
  categoryChoices,
  categoryNameProblem,
  GAME_SAVE_HINT,
  gameFormProblem,
  moveItem,
  productFieldErrors,
  productPayload,
  requirementRowErrors,
  requirementsPayload,
  uploadFilename,
  type ProductFormValues,
} from "#src/lib/admin-catalogue-forms.ts";

const form: ProductFormValues = {
  name: "Dragon",
  gameId: "g1",
  category: "Fruits",
  price: "12.99",
  originalPrice: "",
  image: "/img/item/dragon.svg",
  description: "",
  stock: "",
  featured: false,
};

describe("product form (admin-panel.md 5)", () => {
  it("enables save only with name, game, category, price and image", () => {
    expect(canSaveProduct(form)).toBe(true);
    for (const key of ["name", "gameId", "category", "price", "image"] as const) {
      expect(canSaveProduct({ ...form, [key]: "  " })).toBe(false);
    }
    expect(canSaveProduct({ ...form, originalPrice: "", description: "", stock: "" })).toBe(true);
  });

  it("sends stock as an integer (100 when left empty), originalPrice null when empty, featured 1/0", () => {
    expect(productPayload(form)).toEqual({
      name: "Dragon",
      gameId: "g1",
      category: "Fruits",
      price: "12.99",
      originalPrice: null,
      image: "/img/item/dragon.svg",
      description: "",
      stock: 100,
      featured: 0,
    });
    expect(productPayload({ ...form, stock: "25", originalPrice: "19.99", featured: true })).toMatchObject({ stock: 25, originalPrice: "19.99", featured: 1 });
  });

  it("points at the field that is wrong, with the server's rules (issue 47)", () => {
    expect(productFieldErrors(form)).toEqual({});
    expect(productFieldErrors({ ...form, originalPrice: "19.99", stock: "25" })).toEqual({});
    // "$9.99 ~~$4.99~~" on the storefront, and "abc" saved as 100 units, before.
    expect(productFieldErrors({ ...form, price: "9.99", originalPrice: "4.99" })).toEqual({ originalPrice: expect.stringMatching(/higher than the price/) });
    expect(productFieldErrors({ ...form, originalPrice: "12.99" }).originalPrice).toMatch(/higher than the price/);
    for (const stock of ["abc", "7.9", "-1"]) expect(productFieldErrors({ ...form, stock }), stock).toEqual({ stock: expect.stringMatching(/whole number/) });
    expect(productFieldErrors({ ...form, price: "1.999" })).toEqual({ price: expect.stringMatching(/at most 2 decimals/) });
  });

  it("offers the selected game's categories, otherwise the distinct categories of existing products", () => {
    expect(categoryChoices(["Fruits", "Gamepasses"], ["Pets", "Fruits"])).toEqual(["Fruits", "Gamepasses"]);
    expect(categoryChoices([], ["Pets", "Fruits", "Pets", "Bundles"])).toEqual(["Bundles", "Fruits", "Pets"]);
    expect(categoryChoices([], [])).toEqual([]);
  });

  it("always offers the product's current category", () => {
    expect(categoryChoices(["Fruits"], [], "Legacy")).toEqual(["Legacy", "Fruits"]);
    expect(categoryChoices(["Fruits"], [], "Fruits")).toEqual(["Fruits"]);
  });
});

describe("game form", () => {
  it("needs name and slug, with the spec's hint, and a URL-safe slug", () => {
    expect(gameFormProblem("", "doors")).toBe("Please fill in both Game Name and Slug to continue");
    expect(gameFormProblem("Doors", " ")).toBe(GAME_SAVE_HINT);
    expect(gameFormProblem("Doors", "Doors Hotel")).toMatch(/lower-case letters/);
    expect(gameFormProblem("Doors", "doors")).toBeNull();
  });

  it("names uploads by a timestamp with .png (admin-panel.md 9)", () => {
    expect(uploadFilename(new Date("2025-01-02T03:04:05.678Z"))).toBe("1735787045678.png");
  });
});

describe("category add (trimmed, non-empty, unique in the game)", () => {
  const existing = [{ name: "Fruits" }];
  it("accepts a new trimmed name", () => {
    expect(categoryNameProblem(existing, "  Pets ")).toBeNull();
  });
  it("refuses an empty name and one the game has, in any case", () => {
    expect(categoryNameProblem(existing, "   ")).toBe("Enter a category name");
    expect(categoryNameProblem(existing, " fruits ")).toBe('This game already has a category named "fruits"');
  });
});

describe("moveItem (move up/down)", () => {
  it("swaps with the neighbour and leaves the ends alone", () => {
    expect(moveItem(["a", "b", "c"], 1, -1)).toEqual(["b", "a", "c"]);
    expect(moveItem(["a", "b", "c"], 1, 1)).toEqual(["a", "c", "b"]);
    expect(moveItem(["a", "b", "c"], 0, -1)).toEqual(["a", "b", "c"]);
    expect(moveItem(["a", "b", "c"], 2, 1)).toEqual(["a", "b", "c"]);
  });
});

describe("requirement rows (the server's rules, at the field)", () => {
  it("points at a bad code, a repeated code, a missing text and a link that is not https", () => {
    const rows = [
      { code: "Trade License", text: "Own the Trade License", url: "" },
      { code: "trade-license", text: " ", url: "http://example.com" },
      { code: "trade-license", text: "Again", url: "https://example.com/guide" },
    ];
    expect(requirementRowErrors(rows)).toEqual([
      { code: "Use lower-case letters, digits and single hyphens, e.g. trade-license" },
      { text: "Write what the shopper must have", url: "A link must start with https://" },
      { code: "This code is already listed" },
    ]);
  });
  it("sends trimmed rows, a link only when one was typed", () => {
    const rows = [
      { code: " second-sea ", text: " Reach the Second Sea ", url: " " },
      { code: "trading-allowed", text: "Trades allowed", url: "https://en.help.roblox.com/" },
    ];
    expect(requirementRowErrors(rows)).toEqual([{}, {}]);
    expect(requirementsPayload(rows)).toEqual([
      { code: "second-sea", text: "Reach the Second Sea" },
      { code: "trading-allowed", text: "Trades allowed", url: "https://en.help.roblox.com/" },
    ]);
  });
});
