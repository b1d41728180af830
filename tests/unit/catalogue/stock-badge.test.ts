import { describe, expect, it } from "vitest";
import { canAddToCart, stockBadge, STOCK_THRESHOLD } from "#domain/catalogue/product.ts";

describe("stock badge (storefront.md section 4)", () => {
  it("is In Stock above 50", () => {
    expect(STOCK_THRESHOLD).toBe(50);
    expect(stockBadge(51)).toBe("In Stock");
    expect(stockBadge(10_000)).toBe("In Stock");
  });

  it("is Low Stock from 1 to 50", () => {
    expect(stockBadge(50)).toBe("Low Stock");
    expect(stockBadge(1)).toBe("Low Stock");
  });

  it("is Out of Stock at 0, and add to cart is disabled there", () => {
    expect(stockBadge(0)).toBe("Out of Stock");
    expect(canAddToCart(0)).toBe(false);
    expect(canAddToCart(1)).toBe(true);
  });
});
