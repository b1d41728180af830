import { describe, expect, it } from "vitest";
import type { RobloxDirectory } from "#domain/roblox/roblox-directory.port.ts";

export interface DirectoryHarness {
  directory: RobloxDirectory;
  /** Roblox stops answering (a timeout, a refused connection) until `restore`. */
  takeDown(): Promise<void> | void;
  restore(): Promise<void> | void;
}

/**
 * What every RobloxDirectory must do, against the fixture world (tests/fixtures/roblox/README.md):
 * run against the in-memory fake (unit) and the web adapter talking to the fixture server (integration).
 */
export function robloxDirectoryContract(name: string, make: () => Promise<DirectoryHarness>) {
  describe(`Roblox directory contract: ${name}`, () => {
    it("resolves a username to its numeric id, name, display name, creation date and avatar", async () => {
      const { directory } = await make();
      const lookup = await directory.byUsername("Builder_42");
      expect(lookup).toEqual({
        kind: "found",
        user: {
          id: 4212042,
          name: "Builder_42",
          displayName: "Builder",
          created: new Date("2019-04-12T16:20:00.000Z"),
          banned: false,
          avatarUrl: expect.stringMatching(/^https:\/\/tr\.rbxcdn\.com\//),
        },
      });
    });

    it("matches names as Roblox does, whatever their case, and answers Roblox's spelling", async () => {
      const { directory } = await make();
      const lookup = await directory.byUsername("builder_42");
      expect(lookup.kind === "found" && lookup.user.name).toBe("Builder_42");
    });

    it("answers missing for a name Roblox does not know", async () => {
      const { directory } = await make();
      expect(await directory.byUsername("Nobody_Here")).toEqual({ kind: "missing" });
    });

    it("tells a banned account apart from a missing one", async () => {
      const { directory } = await make();
      const lookup = await directory.byUsername("Banned_Trader");
      expect(lookup).toMatchObject({ kind: "found", user: { id: 90000002, banned: true } });
    });

    it("looks an account up by its id, and answers missing for an id Roblox does not know", async () => {
      const { directory } = await make();
      await directory.byUsername("Builder_42");
      expect(await directory.byId(4212042)).toMatchObject({ kind: "found", user: { name: "Builder_42" } });
      expect(await directory.byId(1)).toEqual({ kind: "missing" });
    });

    it("answers unreachable, never throws, when Roblox cannot be asked", async () => {
      const harness = await make();
      await harness.takeDown();
      try {
        expect(await harness.directory.byUsername("Someone_New")).toEqual({ kind: "unreachable" });
      } finally {
        await harness.restore();
      }
    });
  });
}
