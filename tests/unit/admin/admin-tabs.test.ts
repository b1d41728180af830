import { describe, expect, it } from "vitest";
import { ADMIN_TABS, DEFAULT_TAB, searchWithTab, tabFromSearch, tabsFor } from "#src/lib/admin-tabs.ts";
import { permissionsOf } from "#domain/accounts/staff-roles.ts";

describe("admin tabs (admin-panel.md 2)", () => {
  it("are the spec's eight keys and labels, then Activity (issue 10), Staff (issue 20) and Settings (issue 36); Orders first and default", () => {
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
      ["staff", "Staff"],
      ["settings", "Settings"],
    ]);
    expect(DEFAULT_TAB).toBe("orders");
  });

  it("shows each role only its tabs: support sees orders, reviews and support; a manager all but Staff", () => {
    expect(tabsFor(permissionsOf("support")).map((t) => t.label)).toEqual(["Orders", "Reviews", "Support"]);
    expect(tabsFor(permissionsOf("manager")).map((t) => t.key)).not.toContain("staff");
    expect(tabsFor(permissionsOf("owner"))).toEqual([...ADMIN_TABS]);
  });

  it.each([
    ["?tab=games", "games"],
    ["?tab=discount-codes&x=1", "discount-codes"],
    ["", "orders"],
    ["?tab=nope", "orders"],
    ["?tab=__proto__", "orders"],
  ])("reads the tab from the URL %j, falling back to Orders: %s", (search, tab) => {
    expect(tabFromSearch(search)).toBe(tab);
  });

  it("writes the tab into the URL, keeping other values; the default tab needs none", () => {
    expect(searchWithTab("", "products")).toBe("?tab=products");
    expect(searchWithTab("?tab=products&x=1", "games")).toBe("?tab=games&x=1");
    expect(searchWithTab("?tab=games", "orders")).toBe("");
  });
});
