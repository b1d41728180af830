import type { Kysely } from "kysely";
import type { Database } from "#adapters/db/schema.ts";
import { linkedRobloxUserIdOf } from "#adapters/repositories/linked-roblox-accounts.repository.ts";

/** The Roblox user id the account linked by signing in with Roblox, or null (the dashboard's "Your Roblox account"). */
export function linkedRobloxUserId(db: Kysely<Database>, userId: string): Promise<number | null> {
  return linkedRobloxUserIdOf(db, userId);
}
