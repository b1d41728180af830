import type { Kysely } from "kysely";
import type { LinkedRobloxAccounts } from "#domain/roblox/delivery-recipient.ts";
import type { Database } from "../db/schema.ts";

/**
 * The Roblox account linked to a store account: better-auth's `account` row of provider "roblox",
 * whose accountId is Roblox's OpenID `sub`, the user id (read on better-auth's account_userId_idx).
 */
export async function linkedRobloxUserIdOf(db: Kysely<Database>, userId: string): Promise<number | null> {
  const row = await db.selectFrom("account").select("accountId").where("userId", "=", userId).where("providerId", "=", "roblox").executeTakeFirst();
  const id = row ? Number(row.accountId) : NaN;
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

export function createLinkedRobloxAccounts(db: Kysely<Database>): LinkedRobloxAccounts {
  return { linkedRobloxUserId: (userId) => linkedRobloxUserIdOf(db, userId) };
}
