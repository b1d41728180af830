import { expect } from "vitest";
import * as adminLogin from "#src/pages/api/auth/login.ts";
import * as loginUser from "#src/pages/api/auth/login-user.ts";
import * as register from "#src/pages/api/auth/register.ts";
import type { createTestApp } from "./test-app.ts";

type Store = Awaited<ReturnType<typeof createTestApp>>;
export type Browser = ReturnType<Store["client"]>;

export const PASSWORD = "correct horse battery";

/** Registers with `browser` (keeping its cookies, e.g. a referral) and signs in; answers the user id. */
export async function signUpAndIn(browser: Browser, email: string): Promise<string> {
  const created = await browser.call(register.POST, "/api/auth/register", { body: { acceptTerms: true, email, password: PASSWORD } });
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
