import type { Kysely } from "kysely";
import type { AdministratorAccounts } from "#domain/accounts/administrator-accounts.port.ts";
import type { Database } from "../db/schema.ts";
import { creatingStaffAccount, type Auth } from "./better-auth.ts";

export function createAdministratorAccounts(auth: Auth, db: Kysely<Database>): AdministratorAccounts {
  return {
    async findUserByEmail(email) {
      const row = await db.selectFrom("user").select(["id", "isAdmin", "staffRole"]).where("email", "=", email.toLowerCase()).executeTakeFirst();
      return row ? { id: row.id, isAdmin: Boolean(row.isAdmin), staffRole: row.staffRole } : null;
    },
    async passwordMatches(userId, password) {
      const context = await auth.$context;
      const account = (await context.internalAdapter.findAccounts(userId)).find((a) => a.providerId === "credential");
      return account?.password ? context.password.verify({ hash: account.password, password }) : false;
    },
    async endAllSessions(userId) {
      const context = await auth.$context;
      await context.internalAdapter.deleteUserSessions(userId);
    },
    async createUser(email, password) {
      // An administrator is staff, not a shopper who registered: no UserRegistered for analytics.
      const result = await creatingStaffAccount(() => auth.api.signUpEmail({ body: { email, password, name: email.split("@")[0] ?? email } }));
      return result.user.id;
    },
    async setPassword(userId, password) {
      const context = await auth.$context;
      await context.internalAdapter.updatePassword(userId, await context.password.hash(password));
    },
    async grantAdmin(userId) {
      await db.updateTable("user").set({ isAdmin: 1, staffRole: "owner" }).where("id", "=", userId).execute();
    },
  };
}
