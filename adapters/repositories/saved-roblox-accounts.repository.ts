import type { Kysely } from "kysely";
import type { SavedRobloxAccounts } from "#domain/roblox/saved-roblox-account.ts";
import type { Database } from "../db/schema.ts";

/** The saved Roblox account is the account's own `robloxUsername` (the risk rules read it there too: username_shared). */
export function createSavedRobloxAccounts(db: Kysely<Database>): SavedRobloxAccounts {
  return {
    async save(userId, username) {
      await db.updateTable("user").set({ robloxUsername: username }).where("id", "=", userId).execute();
    },
  };
}
