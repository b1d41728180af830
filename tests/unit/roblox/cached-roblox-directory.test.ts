import { describe, expect, it } from "vitest";
import { cachedRobloxDirectory } from "#adapters/roblox/cached-roblox-directory.ts";
import { inMemoryRobloxDirectory } from "../../fakes/in-memory-roblox-directory.ts";
import { manualClock } from "../../fakes/in-memory-support.ts";

const policy = { foundMs: 600_000, missingMs: 30_000, maxEntries: 100 };

describe("the Roblox directory's cache", () => {
  it("keeps a found account for minutes, under its name in any case and its id", async () => {
    const clock = manualClock();
    const fake = inMemoryRobloxDirectory();
    const directory = cachedRobloxDirectory(fake.directory, clock, policy);
    await directory.byUsername("Builder_42");
    await directory.byUsername("BUILDER_42");
    await directory.byId(4212042);
    expect(fake.state.lookups).toBe(1);
    clock.advance(600_001);
    await directory.byUsername("Builder_42");
    expect(fake.state.lookups).toBe(2);
  });

  it("keeps a missing name only briefly, and never keeps unreachable", async () => {
    const clock = manualClock();
    const fake = inMemoryRobloxDirectory();
    const directory = cachedRobloxDirectory(fake.directory, clock, policy);
    await directory.byUsername("Nobody_Here");
    await directory.byUsername("Nobody_Here");
    expect(fake.state.lookups).toBe(1);
    clock.advance(30_001);
    await directory.byUsername("Nobody_Here");
    expect(fake.state.lookups).toBe(2);
    fake.state.unreachable = true;
    expect(await directory.byUsername("Someone_Else")).toEqual({ kind: "unreachable" });
    fake.state.unreachable = false;
    expect(await directory.byUsername("Someone_Else")).toMatchObject({ kind: "found" });
  });

  it("holds at most maxEntries, dropping the oldest", async () => {
    const clock = manualClock();
    const fake = inMemoryRobloxDirectory();
    const directory = cachedRobloxDirectory(fake.directory, clock, { ...policy, maxEntries: 2 });
    await directory.byUsername("Nobody_1");
    await directory.byUsername("Nobody_2");
    await directory.byUsername("Nobody_3");
    await directory.byUsername("Nobody_1");
    expect(fake.state.lookups).toBe(4);
  });
});
