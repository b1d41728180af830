import type { Kysely } from "kysely";
import type { Database } from "#adapters/db/schema.ts";

/**
 * The Roblox user id a store account linked by signing in with Roblox (better-auth's `account` row of
 * provider "roblox": its accountId is the OpenID `sub`, Roblox's user id), or null. Read on the
 * account's own (userId) index of better-auth's table.
 */
export async function linkedRobloxUserId(db: Kysely<Database>, userId: string): Promise<number | null> {
  const row = await db.selectFrom("account").select("accountId").where("userId", "=", userId).where("providerId", "=", "roblox").executeTakeFirst();
  const id = row ? Number(row.accountId) : NaN;
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}
