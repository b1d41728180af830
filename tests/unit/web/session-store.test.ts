import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { $session, forgetSession, loadSession, summaryOf, type SessionAnswer } from "#src/stores/session.ts";

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

// The login page asks for the session when it opens; under load that answer (a guest's) can arrive
// after the shopper has logged in, and it used to overwrite the new session's hint: the next page
// then painted a guest's header and moved when the real answer came (tests/e2e/page-cache.spec.ts).
describe("the session hint", () => {
  const stored = new Map<string, string>();
  let answerSession: (answer: SessionAnswer) => void = () => {};

  beforeEach(() => {
    stored.clear();
    vi.stubGlobal("window", {
      localStorage: {
        getItem: (key: string) => stored.get(key) ?? null,
        setItem: (key: string, value: string) => void stored.set(key, value),
        removeItem: (key: string) => void stored.delete(key),
      },
    });
    vi.stubGlobal(
      "fetch",
      () =>
        new Promise<Response>((resolve) => {
          answerSession = (answer) => resolve(new Response(JSON.stringify(answer), { headers: { "content-type": "application/json" } }));
        }),
    );
  });
  afterEach(() => vi.unstubAllGlobals());

  it("keeps a login's session when the answer asked for before the login arrives after it", async () => {
    const loading = loadSession();
    forgetSession({ authenticated: true, user: { email: "ann@shop.test", firstName: "Ann" } });
    answerSession({ authenticated: false, user: null });
    await loading;
    expect(JSON.parse(stored.get("sessionHint")!)).toEqual({ authenticated: true, name: "Ann" });
    // The dropped answer is not the page's session: the next caller asks the server again.
    const again = loadSession();
    answerSession({ authenticated: true, user: { email: "ann@shop.test", firstName: "Ann" } });
    await again;
    expect($session.get()).toEqual({ authenticated: true, name: "Ann" });
  });
});
