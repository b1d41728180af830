import type { BetterAuthOptions } from "better-auth";
import { getMigrations } from "better-auth/db/migration";
import { SqliteAdapter, type Kysely } from "kysely";
import { passkey } from "@better-auth/passkey";
import { twoFactor } from "better-auth/plugins";

/**
 * The parts of the better-auth configuration that shape the database: the extra user fields the
 * store needs and where rate-limit counters live. Shared by the running auth and by the migration
 * that creates better-auth's tables, so the two can never disagree.
 */
export const authSchemaOptions = {
  user: {
    additionalFields: {
      firstName: { type: "string", required: false, input: true },
      // Never settable through sign-up: privileges and balances change only through our use cases.
      isAdmin: { type: "boolean", required: false, defaultValue: false, input: false },
      // owner, manager or support for staff (issue 20, migration 0019); null for shoppers.
      staffRole: { type: "string", required: false, input: false },
      robloxUsername: { type: "string", required: false, input: false },
      storeCredit: { type: "number", required: false, defaultValue: 0, input: false },
      points: { type: "number", required: false, defaultValue: 0, input: false },
    },
  },
  // Counters in the database hold across app processes (several processes share one database).
  rateLimit: { storage: "database" },
  // Two-factor sign-in (issue 20): its table and user.twoFactorEnabled; passkeys: their table.
  // createAuth configures the same plugins with the shop's name and address.
  plugins: [twoFactor(), passkey()],
} satisfies Partial<BetterAuthOptions>;

/**
 * Brings better-auth's tables up to the current schema options with its own migration planner,
 * which adds only what is missing (migrations 0020 two-factor and 0022 passkeys).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run on the database as it was, not as schema.ts types it now
export async function applyAuthSchema(db: Kysely<any>): Promise<void> {
  const type = db.getExecutor().adapter instanceof SqliteAdapter ? "sqlite" : "postgres";
  const { runMigrations } = await getMigrations({ ...authSchemaOptions, database: { db, type } });
  await runMigrations();
}
