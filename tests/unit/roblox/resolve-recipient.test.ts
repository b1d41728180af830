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
    const roblox = createRobloxModule({ directory, rateLimiter: createInMemoryRateLimiter(manualClock()), lookupsPerMinute: 2 });
    const who = { userId: null, visitorId: "v1", clientIp: "10.0.0.1" };
    await expect(roblox.resolveRecipient({ username: "Nobody_Here", who })).rejects.toMatchObject({ kind: "not_found", code: "roblox_user_not_found" });
    await roblox.resolveRecipient({ username: "Builder_42", who });
    await expect(roblox.resolveRecipient({ username: "Builder_42", who })).rejects.toMatchObject({ kind: "rate_limited" });
  });
});
