import { describe, expect, it } from "vitest";
import { summaryOf } from "#src/stores/session.ts";

// The header's account slot shows what GET /api/auth/session says, by the server's own rule
// (displayName: the first name, else the part of the address before the @); a guest has no name.
describe("the header's session summary", () => {
  it("greets a shopper by first name, else by the address before the @", () => {
    expect(summaryOf({ authenticated: true, user: { email: "ann@shop.test", firstName: "Ann" } })).toEqual({ authenticated: true, name: "Ann" });
    expect(summaryOf({ authenticated: true, user: { email: "bob@shop.test", firstName: "  " } })).toEqual({ authenticated: true, name: "bob" });
    expect(summaryOf({ authenticated: true, user: { email: "cy@shop.test", firstName: null } })).toEqual({ authenticated: true, name: "cy" });
  });

  it("names nobody for a guest, or for an answer without a user", () => {
    expect(summaryOf({ authenticated: false, user: null })).toEqual({ authenticated: false, name: null });
    expect(summaryOf({ authenticated: true, user: null })).toEqual({ authenticated: false, name: null });
  });
});
