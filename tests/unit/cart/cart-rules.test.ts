import { describe, expect, it } from "vitest";
import { decideAddToCart, decideSetQuantity, planCartMerge } from "#domain/cart/cart.ts";
import { planWishlistMerge } from "#domain/wishlist/wishlist.ts";

const product = (available: number) => ({ id: "p1", name: "Dragon Fruit", available });

describe("adding to the cart", () => {
  it("adds onto the existing line up to what is available", () => {
    expect(decideAddToCart(product(5), 0, 2)).toBe(2);
    expect(decideAddToCart(product(5), 2, 3)).toBe(5);
  });

  it("refuses more than is available, naming what is left and what is in the cart", () => {
    expect(() => decideAddToCart(product(5), 4, 2)).toThrow("Only 5 of Dragon Fruit available and you already have 4 in your cart");
    expect(() => decideAddToCart(product(1), 0, 2)).toThrow("Only 1 of Dragon Fruit available");
  });

  it("refuses an out-of-stock product with 409", () => {
    expect(() => decideAddToCart(product(0), 0, 1)).toThrow(expect.objectContaining({ kind: "conflict", message: "Dragon Fruit is out of stock" }));
  });

  it("refuses zero, negative, fractional and absurd quantities", () => {
    for (const quantity of [0, -1, 1.5, Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(() => decideAddToCart(product(5), 0, quantity)).toThrow(expect.objectContaining({ kind: "invalid", code: "bad_quantity" }));
    }
  });
});

describe("the quantity stepper", () => {
  it("allows 1 to what is available", () => {
    expect(decideSetQuantity(product(3), 1)).toBe(1);
    expect(decideSetQuantity(product(3), 3)).toBe(3);
    expect(() => decideSetQuantity(product(3), 4)).toThrow("Only 3 of Dragon Fruit available");
    expect(() => decideSetQuantity(product(3), 0)).toThrow(expect.objectContaining({ code: "bad_quantity" }));
  });
});

describe("merging a guest's cart at sign-in", () => {
  const stock: Record<string, number> = { a: 10, b: 3, c: 0, d: 5 };
  const available = (id: string) => stock[id] ?? 0;

  it("turns a product in both carts into one line, capped at what is available", () => {
    const plan = planCartMerge(
      [
        { id: "g1", productId: "a", quantity: 2 },
        { id: "g2", productId: "b", quantity: 2 },
      ],
      [
        { id: "u1", productId: "a", quantity: 3 },
        { id: "u2", productId: "b", quantity: 2 },
      ],
      available,
    );
    expect(plan).toEqual({
      update: [
        { id: "u1", quantity: 5 },
        { id: "u2", quantity: 3 },
      ],
      move: [],
      remove: ["g1", "g2"],
    });
  });

  it("moves guest-only lines to the user, capped; out-of-stock lines keep their quantity rather than vanish", () => {
    const plan = planCartMerge(
      [
        { id: "g1", productId: "d", quantity: 9 },
        { id: "g2", productId: "c", quantity: 2 },
      ],
      [],
      available,
    );
    expect(plan).toEqual({
      update: [],
      move: [
        { id: "g1", quantity: 5 },
        { id: "g2", quantity: 2 },
      ],
      remove: [],
    });
  });

  it("leaves the user's line alone when the product ran out, and does nothing for an empty guest cart", () => {
    expect(planCartMerge([{ id: "g", productId: "c", quantity: 1 }], [{ id: "u", productId: "c", quantity: 2 }], available)).toEqual({
      update: [],
      move: [],
      remove: ["g"],
    });
    expect(planCartMerge([], [{ id: "u", productId: "a", quantity: 1 }], available)).toEqual({ update: [], move: [], remove: [] });
  });
});

describe("merging a guest's wishlist at sign-in", () => {
  it("moves new products and drops duplicates (also duplicates within the guest list)", () => {
    expect(
      planWishlistMerge(
        [
          { id: "g1", productId: "a" },
          { id: "g2", productId: "b" },
          { id: "g3", productId: "b" },
        ],
        [{ id: "u1", productId: "a" }],
      ),
    ).toEqual({ move: ["g2"], remove: ["g1", "g3"] });
  });
});
