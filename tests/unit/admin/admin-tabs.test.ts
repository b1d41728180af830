import { describe, expect, it } from "vitest";
import { ADMIN_TABS, DEFAULT_TAB, searchWithTab, tabFromSearch } from "../../../src/lib/admin-tabs.ts";

describe("admin tabs (admin-panel.md 2)", () => {
  it("are the spec's eight keys and labels, then Activity (issue 10); Orders first and default", () => {
    expect(ADMIN_TABS.map((t) => [t.key, t.label])).toEqual([
      ["orders", "Orders"],
      ["products", "Products"],
      ["submissions", "Reviews"],
      ["games", "Games"],
      ["discount-codes", "Discounts"],
      ["users", "Users"],
      ["support", "Support"],
      ["analytics", "Analytics"],
      ["activity", "Activity"],
      ["mail", "Mail"],
    ]);
    expect(DEFAULT_TAB).toBe("orders");
  });

  it("reads the tab from the URL, falling back to Orders", () => {
    expect(tabFromSearch("?tab=games")).toBe("games");
    expect(tabFromSearch("?tab=discount-codes&x=1")).toBe("discount-codes");
    expect(tabFromSearch("")).toBe("orders");
    expect(tabFromSearch("?tab=nope")).toBe("orders");
    expect(tabFromSearch("?tab=__proto__")).toBe("orders");
  });

  it("writes the tab into the URL, keeping other values; the default tab needs none", () => {
    expect(searchWithTab("", "products")).toBe("?tab=products");
    expect(searchWithTab("?tab=products&x=1", "games")).toBe("?tab=games&x=1");
    expect(searchWithTab("?tab=games", "orders")).toBe("");
  });
});
