import { inMemoryGamePasses } from "../../fakes/in-memory-game-passes.ts";
import type { SavedRobloxAccounts } from "#domain/roblox/saved-roblox-account.ts";
import { describe, expect, it } from "vitest";
import { resolveRecipient } from "#domain/roblox/roblox-recipient.ts";
import { createRobloxModule } from "#domain/roblox/roblox.module.ts";
import { inMemoryRobloxDirectory } from "../../fakes/in-memory-roblox-directory.ts";
import { createInMemoryRateLimiter, manualClock } from "../../fakes/in-memory-support.ts";

describe("resolveRecipient", () => {
  it("answers the verified account for a known name", async () => {
    const { directory } = inMemoryRobloxDirectory();
    expect(await resolveRecipient("Builder_42", directory)).toMatchObject({ verified: true, userId: 4212042, name: "Builder_42", displayName: "Builder" });
  });

  it("refuses an unknown account (422 at checkout) and a banned one", async () => {
    const { directory } = inMemoryRobloxDirectory();
    await expect(resolveRecipient("Nobody_Here", directory)).rejects.toMatchObject({ kind: "unprocessable", code: "roblox_user_not_found" });
    await expect(resolveRecipient("Banned_Trader", directory)).rejects.toMatchObject({ kind: "unprocessable", code: "roblox_user_banned" });
  });

  it("goes on with the typed name, not checked, when Roblox cannot be reached", async () => {
    const fake = inMemoryRobloxDirectory();
    fake.state.unreachable = true;
    expect(await resolveRecipient("Builder_42", fake.directory)).toEqual({
      verified: false,
      userId: null,
      name: "Builder_42",
      displayName: null,
      avatarUrl: null,
      created: null,
    });
  });
});

describe("the Roblox module's look-up", () => {
  it("answers an unknown name as not found (404) and brakes a shopper past the minute's limit", async () => {
    const { directory } = inMemoryRobloxDirectory();
    const roblox = createRobloxModule({
      directory,
      gamePasses: inMemoryGamePasses().gamePasses,
      saved: savedAccounts().saved,
      rateLimiter: createInMemoryRateLimiter(manualClock()),
      lookupsPerMinute: 2,
    });
    const who = { userId: null, visitorId: "v1", clientIp: "10.0.0.1" };
    await expect(roblox.resolveRecipient({ username: "Nobody_Here", who })).rejects.toMatchObject({ kind: "not_found", code: "roblox_user_not_found" });
    await roblox.resolveRecipient({ username: "Builder_42", who });
    await expect(roblox.resolveRecipient({ username: "Builder_42", who })).rejects.toMatchObject({ kind: "rate_limited" });
  });
});

/** Saved accounts in memory, by user id. */
function savedAccounts() {
  const names = new Map<string, string | null>();
  const saved: SavedRobloxAccounts = { save: async (userId, username) => void names.set(userId, username) };
  return { saved, names };
}

describe("the shopper's saved Roblox account", () => {
  const who = { userId: "u1", visitorId: "v1", clientIp: "10.0.0.1" };

  it("is kept as Roblox spells it, after Roblox confirms it", async () => {
    const { directory } = inMemoryRobloxDirectory();
    const store = savedAccounts();
    const roblox = createRobloxModule({
      directory,
      gamePasses: inMemoryGamePasses().gamePasses,
      saved: store.saved,
      rateLimiter: createInMemoryRateLimiter(manualClock()),
      lookupsPerMinute: 5,
    });
    expect(await roblox.saveRobloxAccount({ userId: "u1", username: "builder_42", who })).toMatchObject({
      verified: true,
      userId: 4212042,
      name: "Builder_42",
    });
    expect(store.names.get("u1")).toBe("Builder_42");
    await roblox.forgetRobloxAccount("u1");
    expect(store.names.get("u1")).toBeNull();
  });

  it("refuses an unknown or banned account (422) and keeps nothing; with Roblox down it keeps the typed name", async () => {
    const roblox0 = inMemoryRobloxDirectory();
    const store = savedAccounts();
    const roblox = createRobloxModule({
      directory: roblox0.directory,
      gamePasses: inMemoryGamePasses().gamePasses,
      saved: store.saved,
      rateLimiter: createInMemoryRateLimiter(manualClock()),
      lookupsPerMinute: 5,
    });
    await expect(roblox.saveRobloxAccount({ userId: "u1", username: "Nobody_Here", who })).rejects.toMatchObject({
      kind: "unprocessable",
      code: "roblox_user_not_found",
    });
    await expect(roblox.saveRobloxAccount({ userId: "u1", username: "Banned_Trader", who })).rejects.toMatchObject({ code: "roblox_user_banned" });
    expect(store.names.has("u1")).toBe(false);
    roblox0.state.unreachable = true;
    expect(await roblox.saveRobloxAccount({ userId: "u1", username: "Offline_Kid", who })).toMatchObject({ verified: false, name: "Offline_Kid" });
    expect(store.names.get("u1")).toBe("Offline_Kid");
  });
});
