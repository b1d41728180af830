import { describe, expect, it } from "vitest";
import { summaryOf } from "../../../src/stores/session.ts";

// The header's account slot shows what GET /api/auth/session says, the same way the server's
// displayName did: the first name, else the email; a guest has no name.
describe("the header's session summary", () => {
  it("greets a shopper by first name, else by email", () => {
    expect(summaryOf({ authenticated: true, user: { email: "ann@shop.test", firstName: "Ann" } })).toEqual({ authenticated: true, name: "Ann" });
    expect(summaryOf({ authenticated: true, user: { email: "bob@shop.test", firstName: "  " } })).toEqual({ authenticated: true, name: "bob@shop.test" });
    expect(summaryOf({ authenticated: true, user: { email: "cy@shop.test", firstName: null } })).toEqual({ authenticated: true, name: "cy@shop.test" });
  });

  it("names nobody for a guest, or for an answer without a user", () => {
    expect(summaryOf({ authenticated: false, user: null })).toEqual({ authenticated: false, name: null });
    expect(summaryOf({ authenticated: true, user: null })).toEqual({ authenticated: false, name: null });
  });
});
