import { ADULT_BIRTH_DATE } from "./birth-dates.ts";
import { expect } from "vitest";
import * as adminLogin from "#src/pages/api/auth/login.ts";
import * as loginUser from "#src/pages/api/auth/login-user.ts";
import * as register from "#src/pages/api/auth/register.ts";
import * as verifyEmail from "#src/pages/api/auth/verify-email.ts";
import * as resetPassword from "#src/pages/api/auth/reset-password.ts";
import * as staffRoute from "#src/pages/api/admin/staff/index.ts";
import type { createTestApp } from "./test-app.ts";

type Store = Awaited<ReturnType<typeof createTestApp>>;
export type Browser = ReturnType<Store["client"]>;

export const PASSWORD = "correct horse battery";

/** Registers with `browser` (keeping its cookies, e.g. a referral) and signs in; answers the user id. */
export async function signUpAndIn(browser: Browser, email: string): Promise<string> {
  const created = await browser.call(register.POST, "/api/auth/register", {
    body: { acceptTerms: true, email, password: PASSWORD, birthDate: ADULT_BIRTH_DATE },
  });
  expect(created.status).toBe(201);
  const res = await browser.call(loginUser.POST, "/api/auth/login-user", { body: { email, password: PASSWORD } });
  expect(res.status).toBe(200);
  return res.body.user.id as string;
}

/** A signed-in shopper in a fresh browser. */
export async function shopper(store: Store, email: string): Promise<{ browser: Browser; id: string }> {
  const browser = store.client();
  return { browser, id: await signUpAndIn(browser, email) };
}

/** A signed-in administrator in a fresh browser. */
export async function administrator(store: Store, email = "boss@shop.test", password = "admin-password-1"): Promise<{ browser: Browser; id: string }> {
  await store.ensureAdmin(email, password);
  const browser = store.client();
  const res = await browser.call(adminLogin.POST, "/api/auth/login", { body: { email, password } });
  expect(res.status).toBe(200);
  return { browser, id: res.body.user.id as string };
}

/**
 * Follows the newest link of `template` emailed to `email`, read from the outbox before the worker
 * sent it (a sent one keeps no usable link, issue 32): answers the link's token.
 */
export async function emailedToken(store: Store, email: string, template: "verify_email" | "reset_password" | "staff_invitation"): Promise<string> {
  const rows = await store.app.db
    .selectFrom("mail_outbox")
    .select(["data", "status"])
    .where("recipient", "=", email.trim().toLowerCase())
    .where("template", "=", template)
    .orderBy("createdAt", "desc")
    .execute();
  const url = rows.map((r) => (JSON.parse(r.data) as { url?: string }).url).find((u) => u && new URL(u).searchParams.has("token"));
  if (!url) throw new Error(`no unsent ${template} link for ${email} in the outbox`);
  return new URL(url).searchParams.get("token")!;
}

/** Proves the address: follows the verification link the store sent it (issue 32's claim happens here). */
export async function verifyAddress(store: Store, email: string): Promise<void> {
  const token = await emailedToken(store, email, "verify_email");
  expect((await store.call(verifyEmail.GET, "/api/auth/verify-email", { query: { token } })).status).toBe(200);
}

/**
 * Makes `email` a staff member the only way there is (issue 32): the owner (`owner`, a signed-in
 * browser) invites the address, and the invitation's link, read from the outbox as the mailbox
 * would, sets the password `password` and gives the role. Every earlier session of the account ends.
 */
export async function joinStaff(store: Store, owner: Browser, email: string, role: "owner" | "manager" | "support", password = PASSWORD): Promise<void> {
  const invited = await owner.call(staffRoute.POST, "/api/admin/staff", { body: { email, role } });
  expect(invited.status, JSON.stringify(invited.body)).toBe(201);
  const token = await emailedToken(store, email, "staff_invitation");
  const accepted = await store.call(resetPassword.POST, "/api/auth/reset-password", { body: { token, newPassword: password } });
  expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
}
