import type { RobloxDirectory, RobloxLookup } from "#domain/roblox/roblox-directory.port.ts";
import { fixtureAccount, fixtureAvatarUrl } from "../support/roblox-fixture-server.ts";

/**
 * Roblox's directory in memory, knowing the fixture world the fixture server answers from
 * (tests/fixtures/roblox/README.md), so the fake and the web adapter pass one contract suite.
 * `unreachable = true` stands for Roblox being down; `rename(id, name)` for a rename at Roblox.
 */
export function inMemoryRobloxDirectory() {
  const renamed = new Map<number, string>();
  const byId = new Map<number, NonNullable<ReturnType<typeof fixtureAccount>>>();
  const state = { unreachable: false, lookups: 0 };
  const toLookup = (account: ReturnType<typeof fixtureAccount>): RobloxLookup => {
    if (!account) return { kind: "missing" };
    byId.set(account.id, account);
    return {
      kind: "found",
      user: {
        id: account.id,
        name: renamed.get(account.id) ?? account.name,
        displayName: account.displayName,
        created: new Date(account.created),
        banned: account.isBanned,
        avatarUrl: account.isBanned ? null : fixtureAvatarUrl(account.id),
      },
    };
  };
  const directory: RobloxDirectory = {
    byUsername: async (username) => {
      state.lookups++;
      if (state.unreachable) return { kind: "unreachable" };
      return toLookup(fixtureAccount(username));
    },
    byId: async (userId) => {
      state.lookups++;
      if (state.unreachable) return { kind: "unreachable" };
      return toLookup(byId.get(userId) ?? null);
    },
  };
  return {
    directory,
    state,
    rename: (userId: number, name: string) => void renamed.set(userId, name),
  };
}
