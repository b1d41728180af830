import * as z from "zod";
import type { Clock } from "#domain/shared/clock.port.ts";
import type { RobloxDirectory, RobloxLookup, RobloxUser } from "#domain/roblox/roblox-directory.port.ts";
import { createRobloxCalls, RobloxUnreachable, type RobloxCallsConfig } from "./roblox-calls.ts";

export interface RobloxWebDirectoryConfig extends RobloxCallsConfig {
  /** users v1's origin (ROBLOX_USERS_URL, default https://users.roblox.com). */
  usersUrl: string;
  /** thumbnails v1's origin (ROBLOX_THUMBNAILS_URL, default https://thumbnails.roblox.com). */
  thumbnailsUrl: string;
}

// The answers as users v1 and thumbnails v1 document them (create.roblox.com/docs/cloud/reference/domains/users
// and .../thumbnails); decoded with zod so an answer Roblox changed counts as unreachable, not a crash.
const UsernamesAnswer = z.object({ data: z.array(z.object({ id: z.number().int(), name: z.string(), displayName: z.string() })) });
const UserAnswer = z.object({
  id: z.number().int(),
  name: z.string(),
  displayName: z.string(),
  created: z.string(),
  isBanned: z.boolean(),
});
const HeadshotAnswer = z.object({
  data: z.array(z.object({ targetId: z.number().int(), state: z.string(), imageUrl: z.string().nullable().optional() })),
});

/**
 * Roblox's public web APIs as a RobloxDirectory: a name is resolved with users v1
 * `POST /v1/usernames/users` (banned accounts included, so a banned one is told apart from a
 * missing one), its details with `GET /v1/users/{id}` (created, isBanned) and its avatar with
 * thumbnails v1 `GET /v1/users/avatar-headshot`. Every call has a timeout; a 429 stops all calls
 * for its Retry-After (or `backOffMs`), and so does a failure, so a Roblox that is down costs one
 * timeout, not one per shopper. A missing avatar is not a failure (the account is still found).
 */
export function createRobloxWebDirectory(config: RobloxWebDirectoryConfig, clock: Clock): RobloxDirectory {
  const { call, decode } = createRobloxCalls(config, clock);

  async function avatarOf(userId: number): Promise<string | null> {
    try {
      const response = await call(`${config.thumbnailsUrl}/v1/users/avatar-headshot?userIds=${userId}&size=150x150&format=Png&isCircular=false`);
      if (!response) return null;
      const answer = await decode(response, HeadshotAnswer, "avatar-headshot");
      const shot = answer.data.find((d) => d.targetId === userId);
      return shot?.state === "Completed" && shot.imageUrl ? shot.imageUrl : null;
    } catch {
      return null;
    }
  }

  async function details(userId: number): Promise<RobloxLookup> {
    const response = await call(`${config.usersUrl}/v1/users/${userId}`);
    if (!response) return { kind: "missing" };
    const user = await decode(response, UserAnswer, "users/{id}");
    const found: RobloxUser = {
      id: user.id,
      name: user.name,
      displayName: user.displayName,
      created: new Date(user.created),
      banned: user.isBanned,
      avatarUrl: user.isBanned ? null : await avatarOf(user.id),
    };
    return { kind: "found", user: found };
  }

  async function guarded(lookup: () => Promise<RobloxLookup>): Promise<RobloxLookup> {
    try {
      return await lookup();
    } catch (error) {
      if (error instanceof RobloxUnreachable) return { kind: "unreachable" };
      throw error;
    }
  }

  return {
    byUsername: (username) =>
      guarded(async () => {
        const response = await call(`${config.usersUrl}/v1/usernames/users`, {
          method: "POST",
          body: JSON.stringify({ usernames: [username], excludeBannedUsers: false }),
        });
        if (!response) return { kind: "missing" };
        const answer = await decode(response, UsernamesAnswer, "usernames/users");
        const match = answer.data[0];
        return match ? details(match.id) : { kind: "missing" };
      }),
    byId: (userId) => guarded(() => details(userId)),
  };
}
