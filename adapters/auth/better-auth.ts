import { AsyncLocalStorage } from "node:async_hooks";
import { betterAuth } from "better-auth";
import { APIError, createAuthMiddleware } from "better-auth/api";
import type { CommonPasswordCheck } from "#domain/accounts/password-policy.ts";
import { SqliteAdapter, type Kysely } from "kysely";
import type { Database } from "../db/schema.ts";
import { greetingName, type Mail } from "#domain/mail/mail.ts";
import { authSchemaOptions } from "./auth-schema.ts";
import { passkey } from "@better-auth/passkey";
import { twoFactor } from "better-auth/plugins";
import { mayCreateAccount } from "./terms-cookie.ts";
import { robloxEndpoints, robloxProvider, type RobloxSignInSettings } from "./roblox-sign-in.ts";

/** The header our request pipeline sets from the socket (or a trusted proxy); clients cannot set it. */
export const CLIENT_IP_HEADER = "x-shop-client-ip";

export interface AuthSettings {
  /** The shop's name (SHOP_NAME), which better-auth uses where it names the application. */
  appName: string;
  secret: string;
  publicUrl: string;
  google: { clientId: string; clientSecret: string } | null;
  /** Sign in with Roblox (link a Roblox account, then sign in with it); null: off. */
  roblox: RobloxSignInSettings | null;
  rateLimits: { signInPerMinute: number; signUpPerMinute: number };
  /** Refuses breached passwords on every better-auth path that sets one. */
  isCommonPassword: CommonPasswordCheck;
  /**
   * Told about every shopper account once it is stored (email sign-up and Google alike), with the
   * headers of the request that created it. Must not throw: better-auth owns that transaction and
   * has committed it already.
   */
  onShopperCreated?: (user: { id: string; email: string }, headers: Headers | null) => Promise<void>;
  /**
   * Puts an email in the store's outbox (in its own transaction: better-auth has stored the token
   * the email carries by the time it asks). Unset: no verification or reset emails (tests of other
   * features).
   */
  sendMail?: (mail: Mail, forUserId: string) => Promise<void>;
  /**
   * Told whenever an account is stored with its address verified (created by Google, or updated:
   * a verification link, a change of address confirmed, an invitation accepted, Google joining
   * the account): where a guest's data under that address is claimed (issue 32). Must not throw.
   */
  onAddressProven?: (user: { id: string; email: string; emailVerified: boolean }) => Promise<void>;
  /**
   * Told about every session once it is created, whatever the path (password, Google, a session
   * renewed by a password change), with the headers of the request that created it: the one place
   * where a guest's cart, wishlist and chats move to the account. Must not throw.
   */
  onSessionCreated?: (userId: string, headers: Headers | null) => Promise<void>;
  /**
   * How passwords are hashed and checked. Unset (every server and script): better-auth's own scrypt
   * at full cost. Only the integration tests' store passes a cheaper one (tests/support/test-password-hasher.ts).
   */
  passwordHasher?: PasswordHasher;
}

/** better-auth's password hashing hooks (`emailAndPassword.password`). */
export interface PasswordHasher {
  hash(password: string): Promise<string>;
  verify(input: { hash: string; password: string }): Promise<boolean>;
}

/** How long the links of reset and verification emails work. */
export const RESET_LINK_SECONDS = 60 * 60;
export const VERIFY_LINK_SECONDS = 24 * 60 * 60;

export const SESSION_EXPIRES_IN_SECONDS = 60 * 60 * 24 * 30;
export const SESSION_UPDATE_AGE_SECONDS = 60 * 60;
const PASSWORD_SETTING_PATHS = new Set(["/sign-up/email", "/reset-password", "/change-password", "/set-password"]);

const staffCreation = new AsyncLocalStorage<true>();

/** Accounts created inside `work` are the operator's administrators, not shoppers signing up. */
export function creatingStaffAccount<T>(work: () => Promise<T>): Promise<T> {
  return staffCreation.run(true, work);
}

const invitationAcceptance = new AsyncLocalStorage<true>();

/** A password set inside `work` is an invited account's first one: no "your password was changed" email. */
export function acceptingInvitation<T>(work: () => Promise<T>): Promise<T> {
  return invitationAcceptance.run(true, work);
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
    user: {
      ...authSchemaOptions.user,
      // A verified address is changed only when its owner confirms from it, then from the new one;
      // an unverified one when the new address's link is opened (better-auth's change-email flows).
      changeEmail: {
        enabled: true,
        sendChangeEmailConfirmation: async ({ user, newEmail, token }) => {
          await settings.sendMail?.(
            {
              template: "confirm_email_change",
              to: user.email,
              data: {
                name: greetingName(firstNameOf(user), user.email),
                newEmail,
                url: `${settings.publicUrl}/verify-email?token=${encodeURIComponent(token)}&step=confirm-change`,
              },
            },
            user.id,
          );
        },
      },
    },
    appName: settings.appName,
    baseURL: settings.publicUrl,
    basePath: "/api/auth",
    secret: settings.secret,
    // better-auth's adapter addresses its tables by name at run time; our typed schema means nothing to it.
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    database: { db: db as Kysely<any>, type, transaction: true },
    socialProviders: {
      ...(settings.google
        ? { google: { clientId: settings.google.clientId, clientSecret: settings.google.clientSecret, prompt: "select_account" as const } }
        : {}),
      ...(settings.roblox ? { roblox: robloxProvider(settings.roblox) } : {}),
    },
    // Refreshed at most hourly: the refresh time is what an administrator's idle limit reads (session.ts).
    session: { expiresIn: SESSION_EXPIRES_IN_SECONDS, updateAge: SESSION_UPDATE_AGE_SECONDS },
    // Setting a password through a reset link signs the account out everywhere else. The links in
    // the emails lead to the storefront's own pages (/reset-password, /verify-email), which call
    // our spec-shaped endpoints; better-auth's own URLs are not reachable from outside.
    emailAndPassword: {
      enabled: true,
      ...(settings.passwordHasher ? { password: settings.passwordHasher } : {}),
      autoSignIn: false,
      minPasswordLength: 8,
      maxPasswordLength: 128,
      revokeSessionsOnPasswordReset: true,
      resetPasswordTokenExpiresIn: RESET_LINK_SECONDS,
      sendResetPassword: async ({ user, token }) => {
        await settings.sendMail?.(
          {
            template: "reset_password",
            to: user.email,
            data: { name: greetingName(firstNameOf(user), user.email), url: `${settings.publicUrl}/reset-password?token=${encodeURIComponent(token)}` },
          },
          user.id,
        );
      },
      onPasswordReset: async ({ user }) => {
        if (invitationAcceptance.getStore()) return;
        await settings.sendMail?.({ template: "password_changed", to: user.email, data: { name: greetingName(firstNameOf(user), user.email) } }, user.id);
      },
    },
    // Shopping never waits for it: an unverified address can sign in and buy. A verified one is what
    // lets "Continue with Google" join the existing account (better-auth's requireLocalEmailVerified).
    emailVerification: {
      sendOnSignUp: true,
      autoSignInAfterVerification: false,
      expiresIn: VERIFY_LINK_SECONDS,
      sendVerificationEmail: async ({ user, token }) => {
        if (staffCreation.getStore()) return;
        await settings.sendMail?.(
          {
            template: "verify_email",
            to: user.email,
            data: { name: greetingName(firstNameOf(user), user.email), url: `${settings.publicUrl}/verify-email?token=${encodeURIComponent(token)}` },
          },
          user.id,
        );
      },
    },
    account: {
      // Google proves the address it signs in (email_verified); it joins the account of that
      // address when that account's address is verified here too (better-auth's default guard
      // against an attacker pre-registering a victim's address).
      // Roblox gives no email (better-auth files a placeholder under roblox.placeholder.invalid, which
      // no store account has), so it can never join an account by address; it is linked only by
      // its signed-in owner ("Link with Roblox"), whose email it cannot match.
      accountLinking: { enabled: true, trustedProviders: ["google", "roblox"], allowDifferentEmails: true },
    },
    hooks: {
      before: createAuthMiddleware(async (ctx) => {
        if (!PASSWORD_SETTING_PATHS.has(ctx.path)) return;
        const body = (ctx.body ?? {}) as { password?: unknown; newPassword?: unknown };
        const candidate = typeof body.newPassword === "string" ? body.newPassword : body.password;
        if (typeof candidate === "string" && settings.isCommonPassword(candidate)) {
          throw new APIError("BAD_REQUEST", {
            code: "PASSWORD_COMPROMISED",
            message: "This password is one of the most common ones and easy to guess. Please choose another.",
          });
        }
      }),
    },
    rateLimit: {
      ...authSchemaOptions.rateLimit,
      enabled: true,
      window: 60,
      max: 100,
      customRules: {
        "/sign-in/email": { window: 60, max: settings.rateLimits.signInPerMinute },
        "/sign-up/email": { window: 60, max: settings.rateLimits.signUpPerMinute },
        "/request-password-reset": { window: 60, max: settings.rateLimits.signUpPerMinute },
        "/send-verification-email": { window: 60, max: settings.rateLimits.signUpPerMinute },
        "/change-password": { window: 60, max: settings.rateLimits.signInPerMinute },
        "/change-email": { window: 60, max: settings.rateLimits.signUpPerMinute },
        // A signed-in person's own passkeys, read by every panel and account page load: the global
        // 100 a minute per address would refuse a busy office behind one address (and the browser
        // suite, where every admin tab at two widths reloads the panel) for a read that guesses
        // nothing. Only a valid session gets an answer.
        "/passkey/list-user-passkeys": false,
      },
    },
    trustedOrigins: [settings.publicUrl],
    advanced: {
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
      useSecureCookies: settings.publicUrl.startsWith("https://"),
    },
    telemetry: { enabled: false },
    // Issue 32: the verification table keeps a SHA-256 of each token (reset, invitation, change of
    // address, second-factor steps), so reading the database, a backup or a log of its rows gives
    // no usable link. better-auth hashes on write and on look-up alike.
    verification: { storeIdentifier: "hashed" },
    // TOTP with an authenticator app and backup codes (issue 20). Backup codes are stored encrypted;
    // a sign-in of an account with it on answers twoFactorRedirect and opens no session until a
    // code is verified (src/pages/api/auth/two-factor/).
    // Passkeys (issue 20) for shoppers and staff: WebAuthn bound to the shop's own address, so a
    // passkey made here answers only here (src/pages/api/auth/passkeys/).
    plugins: [
      twoFactor({ issuer: settings.appName }),
      passkey({ rpID: new URL(settings.publicUrl).hostname, rpName: settings.appName, origin: new URL(settings.publicUrl).origin }),
      ...(settings.roblox ? [robloxEndpoints(settings.roblox.oauthUrl)] : []),
    ],
    databaseHooks: {
      session: {
        create: {
          after: async (session, context) => {
            await settings.onSessionCreated?.(session.userId, context?.headers ?? context?.request?.headers ?? null);
          },
        },
      },
      user: {
        create: {
          // A Google sign-in of an address with no account creates one: only with the Terms and
          // 13+ box ticked before leaving for Google (adapters/auth/terms-cookie.ts). Refused, the
          // flow ends at the error page, which says to create the account first.
          before: async (user, context) => {
            const headers = context?.headers ?? context?.request?.headers ?? null;
            return mayCreateAccount(context?.path, headers?.get("cookie")) ? { data: user } : false;
          },
          // Runs after better-auth's own transaction has committed (its after-hooks are queued).
          after: async (user, context) => {
            if (user.emailVerified) await settings.onAddressProven?.(user);
            if (staffCreation.getStore() || !settings.onShopperCreated) return;
            await settings.onShopperCreated({ id: user.id, email: user.email }, context?.headers ?? context?.request?.headers ?? null);
          },
        },
        // Every way an address becomes verified updates the user (verify-email, a confirmed change
        // of address, Google vouching for it, an accepted invitation): the one place to claim.
        update: {
          after: async (user) => {
            if (user.emailVerified) await settings.onAddressProven?.(user);
          },
        },
      },
    },
  });
}

export type Auth = ReturnType<typeof createAuth>;

function firstNameOf(user: object): string | null {
  const value = (user as { firstName?: unknown }).firstName;
  return typeof value === "string" ? value : null;
}
