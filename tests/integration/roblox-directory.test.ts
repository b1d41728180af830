import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createRobloxWebDirectory } from "#adapters/roblox/roblox-web-directory.ts";
import { robloxDirectoryContract } from "../contracts/roblox-directory.contract.ts";
import { manualClock } from "../fakes/in-memory-support.ts";
import { startRobloxFixtureServer, type RobloxFixtureServer } from "../support/roblox-fixture-server.ts";

let roblox: RobloxFixtureServer;
beforeAll(async () => {
  roblox = await startRobloxFixtureServer();
});
afterAll(() => roblox.close());

function webDirectory(clock = manualClock(), failures: string[] = []) {
  return createRobloxWebDirectory(
    { usersUrl: roblox.usersUrl, thumbnailsUrl: roblox.thumbnailsUrl, timeoutMs: 300, backOffMs: 30_000, onFailure: (what) => void failures.push(what) },
    clock,
  );
}

robloxDirectoryContract("Roblox's web APIs against their documented answers", async () => ({
  directory: webDirectory(),
  takeDown: () => roblox.down(),
  restore: () => roblox.up(),
}));

describe("the Roblox web directory", () => {
  it("asks users v1 for the name with banned accounts included, then the user and its headshot", async () => {
    const from = roblox.calls.length;
    await webDirectory().byUsername("Builder_42");
    const calls = roblox.calls.slice(from);
    expect(calls.map((c) => c.route)).toEqual(["usernames", "user", "headshot"]);
    expect(calls[0]!.body).toEqual({ usernames: ["Builder_42"], excludeBannedUsers: false });
    expect(calls[2]!.path).toBe("/v1/users/avatar-headshot?userIds=4212042&size=150x150&format=Png&isCircular=false");
  });

  it("backs off after a 429 for its Retry-After, without asking Roblox meanwhile", async () => {
    const clock = manualClock();
    const failures: string[] = [];
    const directory = webDirectory(clock, failures);
    roblox.next("usernames", "too-many-requests", { "retry-after": "20" });
    expect(await directory.byUsername("Builder_42")).toEqual({ kind: "unreachable" });
    const from = roblox.calls.length;
    clock.advance(19_000);
    expect(await directory.byUsername("Builder_42")).toEqual({ kind: "unreachable" });
    expect(roblox.calls.length).toBe(from);
    clock.advance(2_000);
    expect(await directory.byUsername("Builder_42")).toMatchObject({ kind: "found" });
    expect(failures).toEqual([expect.stringContaining("429")]);
  });

  it("counts a 5xx as unreachable and backs off for a while", async () => {
    const clock = manualClock();
    const directory = webDirectory(clock);
    roblox.next("user", "internal-error");
    expect(await directory.byUsername("Builder_42")).toEqual({ kind: "unreachable" });
    clock.advance(30_001);
    expect(await directory.byUsername("Builder_42")).toMatchObject({ kind: "found" });
  });

  it("gives up after its timeout when Roblox hangs", async () => {
    roblox.down();
    const started = Date.now();
    try {
      expect(await webDirectory().byUsername("Builder_42")).toEqual({ kind: "unreachable" });
    } finally {
      roblox.up();
    }
    expect(Date.now() - started).toBeLessThan(2_000);
  });

  it("finds the account without an avatar while Roblox is still making it", async () => {
    roblox.next("headshot", "avatar-headshot-pending");
    const lookup = await webDirectory().byUsername("New_Player_1");
    expect(lookup).toMatchObject({ kind: "found", user: { id: 90000001, displayName: "Newbie", avatarUrl: null } });
  });
});
