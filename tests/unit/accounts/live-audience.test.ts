import { describe, expect, it } from "vitest";
import { mayHear, type LiveListener } from "#domain/accounts/live-audience.ts";

// Issue 38: the live channel's one rule. Every staff role has "orders" and "support" today, so the
// role check is shown here with a permission a support agent lacks ("refunds"), and with a staff
// flag without a role (a 2FA-pending staff member is passed as a shopper: listenerOf).
const shopper: LiveListener = { id: "sam", isAdmin: false, staffRole: null };
const agent: LiveListener = { id: "agent", isAdmin: true, staffRole: "support" };
const owner: LiveListener = { id: "boss", isAdmin: true, staffRole: "owner" };

describe("who may hear of a change", () => {
  it("the owner of the thing hears it; another shopper never does", () => {
    expect(mayHear(shopper, { permission: "orders", ownerId: "sam" })).toBe(true);
    expect(mayHear(shopper, { permission: "orders", ownerId: "ada" })).toBe(false);
    expect(mayHear(shopper, { permission: "support", ownerId: null })).toBe(false);
  });

  it("staff hear what their role may open, and nothing else", () => {
    expect(mayHear(agent, { permission: "orders", ownerId: "ada" })).toBe(true);
    expect(mayHear(agent, { permission: "support", ownerId: null })).toBe(true);
    expect(mayHear(agent, { permission: "refunds", ownerId: "ada" })).toBe(false);
    expect(mayHear(owner, { permission: "refunds", ownerId: "ada" })).toBe(true);
  });

  it("a staff flag without a role, or a role without the staff flag, hears only what is theirs", () => {
    expect(mayHear({ id: "x", isAdmin: true, staffRole: null }, { permission: "orders", ownerId: "ada" })).toBe(false);
    expect(mayHear({ id: "x", isAdmin: false, staffRole: "owner" }, { permission: "orders", ownerId: "ada" })).toBe(false);
  });
});
