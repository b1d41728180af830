import { describe, expect, it } from "vitest";
import { pageName } from "#src/lib/page-names.ts";

const catalogue = { products: [{ id: "p-1", name: "Dragon Fruit (Permanent)" }], games: [{ slug: "blox-fruits", name: "Blox Fruits" }] };

// Issue 47: Top Pages mixed product names with raw paths; every page now has a name (the path shows under it).
describe("the Analytics tab's page names", () => {
  it.each([
    ["/", "Home"],
    ["/faq", "FAQ"],
    ["/faq/", "FAQ"],
    ["/cart?from=promo", "Cart"],
    ["/product/p-1", "Dragon Fruit (Permanent)"],
    ["/product/gone", "A product no longer in the shop"],
    ["/shop/blox-fruits", "Blox Fruits"],
    ["/shop/gone", "A game no longer in the shop"],
    ["/shop", "All games"],
    ["/blog/how-to-trade", "Blog post"],
    ["/wp-admin.php", "Other page"],
    ["/product/%E0%A4%A", "A product no longer in the shop"],
  ])("%s is %s", (path, name) => {
    expect(pageName(path, catalogue)).toBe(name);
  });

  it("never answers a path as the name", () => {
    for (const path of ["/", "/x", "/a/b/c", "/product/p-1/extra", "/checkout"]) expect(pageName(path, catalogue)).not.toMatch(/^\//);
  });
});
