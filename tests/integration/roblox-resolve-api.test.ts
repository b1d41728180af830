import { describe, expect, it } from "vitest";
import * as resolve from "../../src/pages/api/roblox/resolve.ts";
import { createTestApp } from "./helpers/test-app.ts";

const store = await createTestApp({ env: { ROBLOX_LOOKUP_LIMIT_PER_MINUTE: "3", ROBLOX_TIMEOUT_SECONDS: "0.3" } });
const ask = (username: unknown, client = store.client()) => client.call(resolve.POST, "/api/roblox/resolve", { body: { username } });

describe("POST /api/roblox/resolve", () => {
  it("answers the account Roblox knows, with its id, display name and avatar", async () => {
    const res = await ask("builder_42");
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      id: 4212042,
      name: "Builder_42",
      displayName: "Builder",
      avatarUrl: expect.stringMatching(/^https:\/\/tr\.rbxcdn\.com\//),
      verified: true,
    });
  });

  it("answers 404 for an unknown account and 422 roblox_user_banned for a banned one", async () => {
    const unknown = await ask("Nobody_Here");
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({ code: "roblox_user_not_found", error: expect.any(String) });
    const banned = await ask("Banned_Trader");
    expect(banned.status).toBe(422);
    expect(banned.body).toMatchObject({ code: "roblox_user_banned" });
  });

  it("refuses a name Roblox could not have issued without asking Roblox", async () => {
    const from = store.roblox.calls.length;
    expect((await ask("@everyone_*x*")).status).toBe(400);
    expect((await ask(42)).status).toBe(400);
    expect(store.roblox.calls.length).toBe(from);
  });

  it("answers 200 verified:false with the typed name when Roblox cannot be reached", async () => {
    store.roblox.down();
    try {
      const res = await ask("FreshName_1");
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ name: "FreshName_1", verified: false });
    } finally {
      store.roblox.up();
    }
  });

  it("is limited per visitor (429 with Retry-After) and per address", async () => {
    const shopper = store.client();
    for (let i = 0; i < 3; i++) expect((await ask("Builder_42", shopper)).status).toBe(200);
    const refused = await ask("Builder_42", shopper);
    expect(refused.status).toBe(429);
    expect(refused.headers.get("retry-after")).toBeTruthy();
    // Dropping the visitor cookie does not escape the address's ceiling.
    const ip = "10.9.9.9";
    let last = 0;
    for (let i = 0; i < 16; i++) last = (await ask("Builder_42", store.client({ ip }))).status;
    expect(last).toBe(429);
  });
});
