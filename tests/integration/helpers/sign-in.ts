import { ADULT_BIRTH_DATE } from "./birth-dates.ts";
import { expect } from "vitest";
import * as adminLogin from "#src/pages/api/auth/login.ts";
import * as loginUser from "#src/pages/api/auth/login-user.ts";
import * as register from "#src/pages/api/auth/register.ts";
import type { createTestApp } from "./test-app.ts";

type Store = Awaited<ReturnType<typeof createTestApp>>;

export const ADMIN = { email: "admin@shop.test", password: "admin-password-1" };

/** A browser signed in to the admin panel (the administrator is created when missing). */
export async function signedInAdmin(store: Store) {
  await store.ensureAdmin(ADMIN.email, ADMIN.password);
  const browser = store.client();
  const res = await browser.call(adminLogin.POST, "/api/auth/login", { body: ADMIN });
  expect(res.status).toBe(200);
  return browser;
}

let shoppers = 0;

/** A browser signed in as a newly registered shopper (not an administrator). */
export async function signedInShopper(store: Store) {
  const browser = store.client();
  const credentials = { email: `shopper-${++shoppers}@shop.test`, password: "correct horse battery" };
  expect((await browser.call(register.POST, "/api/auth/register", { body: { birthDate: ADULT_BIRTH_DATE, ...credentials, acceptTerms: true } })).status).toBe(
    201,
  );
  expect((await browser.call(loginUser.POST, "/api/auth/login-user", { body: credentials })).status).toBe(200);
  return browser;
}
