import { AsyncLocalStorage } from "node:async_hooks";
import { betterAuth } from "better-auth";
import { SqliteAdapter, type Kysely } from "kysely";
import type { Database } from "../db/schema.ts";
import { authSchemaOptions } from "./auth-schema.ts";

/** The header our request pipeline sets from the socket (or a trusted proxy); clients cannot set it. */
export const CLIENT_IP_HEADER = "x-shop-client-ip";

export interface AuthSettings {
  /** The shop's name (SHOP_NAME), which better-auth uses where it names the application. */
  appName: string;
  secret: string;
  publicUrl: string;
  google: { clientId: string; clientSecret: string } | null;
  rateLimits: { signInPerMinute: number; signUpPerMinute: number };
  /**
   * Told about every shopper account once it is stored (email sign-up and Google alike), with the
   * headers of the request that created it. Must not throw: better-auth owns that transaction and
   * has committed it already.
   */
  onShopperCreated?: (user: { id: string; email: string }, headers: Headers | null) => Promise<void>;
}

const staffCreation = new AsyncLocalStorage<true>();

/** Accounts created inside `work` are the operator's administrators, not shoppers signing up. */
export function creatingStaffAccount<T>(work: () => Promise<T>): Promise<T> {
  return staffCreation.run(true, work);
}

/**
 * better-auth on the store's own database: email and password, sessions in the database,
 * its rate limiting on (stricter on sign-in and sign-up), Google when configured. Registration
 * does not sign in: the spec's login page switches to "log in" after creating an account.
 */
export function createAuth(db: Kysely<Database>, settings: AuthSettings) {
  const type = db.getExecutor().adapter instanceof SqliteAdapter ? "sqlite" : "postgres";
  return betterAuth({
    ...authSchemaOptions,
    appName: settings.appName,
    baseURL: settings.publicUrl,
    basePath: "/api/auth",
    secret: settings.secret,
    // better-auth's adapter addresses its tables by name at run time; our typed schema means nothing to it.
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    database: { db: db as Kysely<any>, type, transaction: true },
    emailAndPassword: { enabled: true, autoSignIn: false, minPasswordLength: 8, maxPasswordLength: 128 },
    socialProviders: settings.google
      ? { google: { clientId: settings.google.clientId, clientSecret: settings.google.clientSecret, prompt: "select_account" } }
      : {},
    session: { expiresIn: 60 * 60 * 24 * 30, updateAge: 60 * 60 * 24 },
    rateLimit: {
      ...authSchemaOptions.rateLimit,
      enabled: true,
      window: 60,
      max: 100,
      customRules: {
        "/sign-in/email": { window: 60, max: settings.rateLimits.signInPerMinute },
        "/sign-up/email": { window: 60, max: settings.rateLimits.signUpPerMinute },
      },
    },
    trustedOrigins: [settings.publicUrl],
    advanced: {
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
      useSecureCookies: settings.publicUrl.startsWith("https://"),
    },
    telemetry: { enabled: false },
    databaseHooks: {
      user: {
        create: {
          // Runs after better-auth's own transaction has committed (its after-hooks are queued).
          after: async (user, context) => {
            if (staffCreation.getStore() || !settings.onShopperCreated) return;
            await settings.onShopperCreated({ id: user.id, email: user.email }, context?.headers ?? context?.request?.headers ?? null);
          },
        },
      },
    },
  });
}

export type Auth = ReturnType<typeof createAuth>;
