import type { Kysely } from "kysely";
import type { PasswordCheck } from "#domain/accounts/account-erasure.port.ts";
import type { AuthTables } from "./auth-tables.ts";
import type { Auth } from "./better-auth.ts";

/**
 * Checks a password against the account's credential the way better-auth's sign-in does (its own
 * hasher, constant-time comparison inside). Kept outside better-auth's HTTP flows on purpose: a
 * check must neither create a session nor count as a sign-in.
 */
export function createPasswordCheck(auth: Auth, db: Kysely<AuthTables>): PasswordCheck {
  return {
    async check(userId, password) {
      const credential = await db
        .selectFrom("account")
        .select("password")
        .where("userId", "=", userId)
        .where("providerId", "=", "credential")
        .executeTakeFirst();
      const hash = credential?.password;
      if (!hash) return "no_password";
      const context = await auth.$context;
      return (await context.password.verify({ hash, password })) ? "matches" : "wrong";
    },
  };
}
