import { describe, expect, it } from "vitest";
import { hasCategoryNamed, normalizeCategoryName } from "#domain/catalogue/category.ts";
import { checkGameFields, placeholderThumbnail } from "#domain/catalogue/game.ts";
import {
  checkProductFields,
  DEFAULT_STOCK,
  duplicateName,
  MAX_STOCK,
  originalPriceProblem,
  parseStock,
  type ProductFields,
} from "#domain/catalogue/product.ts";

describe("parseStock (admin-panel.md 9: a whole number, 100 when the box is left empty; issue 47)", () => {
  it("parses whole numbers", () => {
    expect(parseStock("42")).toBe(42);
    expect(parseStock(" 7 ")).toBe(7);
    expect(parseStock("0")).toBe(0);
    expect(parseStock(String(MAX_STOCK))).toBe(MAX_STOCK);
  });

  it("gives 100 for the empty box", () => {
    expect(DEFAULT_STOCK).toBe(100);
    expect(parseStock("")).toBe(100);
    expect(parseStock("  ")).toBe(100);
  });

  it("refuses text that is no whole number of units, instead of saving 100 or part of it", () => {
    for (const typed of ["abc", "12.7", "15 units", "-3", "1e3", String(MAX_STOCK + 1)]) expect(parseStock(typed), typed).toBeNull();
  });
});

describe("game fields (name and slug required, slug URL-safe)", () => {
  const fields = { name: " Blox Fruits ", slug: "blox-fruits", description: " d ", thumbnail: "" };

  it("trims, and uses the placeholder picture when no logo was chosen", () => {
    expect(checkGameFields(fields)).toEqual({
      name: "Blox Fruits",
      slug: "blox-fruits",
      description: "d",
      thumbnail: "/img/game/blox-fruits.svg",
      requirements: [],
      deliveryMethod: "trade",
    });
    expect(placeholderThumbnail("doors")).toBe("/img/game/doors.svg");
    expect(checkGameFields({ ...fields, thumbnail: "/uploads/logos/x.png" }).thumbnail).toBe("/uploads/logos/x.png");
  });

  it("requires a name", () => {
    expect(() => checkGameFields({ ...fields, name: "   " })).toThrow("Game name is required");
  });

  it.each(["", "Blox-Fruits", "blox fruits", "blox--fruits", "-blox", "blox-", "blox_fruits", "blöx", "../etc", "a/b"])("refuses the slug %j", (slug) => {
    expect(() => checkGameFields({ ...fields, slug })).toThrow(expect.objectContaining({ code: "bad_slug", kind: "invalid" }));
  });

  it.each(["doors", "pet-simulator-99", "99", "a-b-c"])("accepts the slug %j", (slug) => {
    expect(checkGameFields({ ...fields, slug }).slug).toBe(slug);
  });
});

describe("category names (trimmed, unique within a game ignoring case)", () => {
  const categories = [{ name: "Fruits" }, { name: "Gamepasses" }];

  it("trims the name", () => {
    expect(normalizeCategoryName("  Pets ")).toBe("Pets");
  });

  it("finds a name the game already has, in any case and with spaces around", () => {
    expect(hasCategoryNamed(categories, "Fruits")).toBe(true);
    expect(hasCategoryNamed(categories, " fruits ")).toBe(true);
    expect(hasCategoryNamed(categories, "Pets")).toBe(false);
    expect(hasCategoryNamed([], "Pets")).toBe(false);
  });
});

describe("product fields", () => {
  const fields: ProductFields = {
    name: " Dragon ",
    gameId: "g1",
    category: " Fruits ",
    description: "",
    image: " /img/item/dragon.svg ",
    price: 1299,
    originalPrice: null,
    stock: 100,
    featured: false,
  };

  it("trims name, category and image", () => {
    expect(checkProductFields(fields)).toMatchObject({ name: "Dragon", category: "Fruits", image: "/img/item/dragon.svg" });
  });

  it("requires name, category and image", () => {
    expect(() => checkProductFields({ ...fields, name: " " })).toThrow("Product name is required");
    expect(() => checkProductFields({ ...fields, category: "" })).toThrow("Category is required");
    expect(() => checkProductFields({ ...fields, image: "" })).toThrow("Image is required");
  });

  it("refuses negative or fractional stock and prices", () => {
    expect(() => checkProductFields({ ...fields, stock: -1 })).toThrow(/Stock/);
    expect(() => checkProductFields({ ...fields, stock: 1.5 })).toThrow(/Stock/);
    expect(() => checkProductFields({ ...fields, price: -1 })).toThrow(/Prices/);
    expect(() => checkProductFields({ ...fields, originalPrice: -5 })).toThrow(/Prices/);
  });

  it("refuses an original price at or below the price; none, or a higher one, is fine (issue 47)", () => {
    expect(() => checkProductFields({ ...fields, originalPrice: 999 })).toThrow(/original price must be higher/);
    expect(() => checkProductFields({ ...fields, originalPrice: 1299 })).toThrow(/original price must be higher/);
    expect(checkProductFields({ ...fields, originalPrice: 1999 }).originalPrice).toBe(1999);
    expect(originalPriceProblem(1299, null)).toBeNull();
    expect(originalPriceProblem(1299, 1300)).toBeNull();
  });

  it("marks a duplicate's name", () => {
    expect(duplicateName("Dragon")).toBe("Dragon (Copy)");
  });
});
