import { describe, expect, it } from "vitest";
import { auditChanges, auditEntityName, auditKindLabel } from "#src/lib/audit-view.ts";
import { AUDIT_KINDS } from "#domain/audit/audit-entry.ts";

// Issue 23: Activity showed ids and raw JSON; it shows names and the changed fields.
describe("the Activity tab's words for an audit entry", () => {
  it.each([
    ["product.update", "Product Updated"],
    ["product.reorder", "Products Reordered"],
    ["category.reorder", "Categories Reordered"],
    ["order.status", "Order Status Changed"],
    ["discount.create", "Discount Code Created"],
    ["webhook.create", "Webhook Created"],
    ["webhook.pause", "Webhook Paused"],
    ["webhook.resume", "Webhook Resumed"],
    ["webhook.delete", "Webhook Deleted"],
    ["staff.signIn", "Staff Signed In"],
    ["order.risk", "Held Order Decided"],
    ["account.freezeClear", "Account Hold Cleared"],
  ] as const)("names the kind %s as the panel's notifications do: %s", (kind, label) => {
    expect(auditKindLabel(kind)).toBe(label);
  });

  // Issue 47: "staff signIn" showed beside "Order Status Changed".
  it("names every kind in words, never as its key: each word capitalised, no dot, no camel case", () => {
    for (const kind of AUDIT_KINDS) expect(auditKindLabel(kind), kind).toMatch(/^([A-Z][a-z]*)( [A-Z][a-z]*)*$/);
    expect(new Set(AUDIT_KINDS.map(auditKindLabel)).size).toBe(AUDIT_KINDS.length);
  });

  it("names the changed thing by its name, code or email", () => {
    expect(auditEntityName({ id: "p1", name: "Old" }, { id: "p1", name: "Dragon Fruit" })).toBe("Dragon Fruit");
    expect(auditEntityName({ code: "SAVE10" }, null)).toBe("SAVE10");
    expect(auditEntityName(null, { email: "sam@shop.test", storeCredit: "5.00" })).toBe("sam@shop.test");
    expect(auditEntityName(["a", "b"], ["b", "a"])).toBeNull();
    // A webhook by its shortened URL (never the secret, which the trail does not hold).
    expect(auditEntityName({ url: "https://discord.com/api/...", status: "active" }, null)).toBe("https://discord.com/api/...");
  });

  it("lists only the fields that changed, readable, ids and timestamps left out", () => {
    expect(
      auditChanges(
        { id: "p1", name: "Sword", price: "4.99", originalPrice: null, updatedAt: "x" },
        { id: "p1", name: "Sword", price: "3.99", originalPrice: "4.99", updatedAt: "y" },
      ),
    ).toEqual([
      { field: "Price", before: "4.99", after: "3.99" },
      { field: "Original price", before: "—", after: "4.99" },
    ]);
    expect(auditChanges(null, { id: "c1", name: "Pets" })).toEqual([{ field: "Name", before: "—", after: "Pets" }]);
    expect(auditChanges(["a", "b"], ["b", "a"])).toEqual([{ field: "Order", before: "2 items", after: "2 items" }]);
    expect(auditChanges({ a: 1 }, { a: 1 })).toEqual([]);
  });
});
