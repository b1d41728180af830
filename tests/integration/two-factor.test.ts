import { describe, expect, it } from "vitest";
import * as adminLogin from "#src/pages/api/auth/login.ts";
import * as check from "#src/pages/api/auth/check.ts";
import * as confirm from "#src/pages/api/auth/two-factor/confirm.ts";
import * as disable from "#src/pages/api/auth/two-factor/disable.ts";
import * as enable from "#src/pages/api/auth/two-factor/enable.ts";
import * as verify from "#src/pages/api/auth/two-factor/verify.ts";
import * as orders from "#src/pages/api/admin/orders.ts";
import * as audit from "#src/pages/api/admin/audit.ts";
import { totpCode } from "../support/totp.ts";
import { ADMIN, signIn } from "./helpers/shoppers.ts";
import { createTestApp } from "./helpers/test-app.ts";

// Issue 20: two-factor sign-in with an authenticator app (codes computed here from the secret, as
// an app would) and backup codes, each usable once; STAFF_2FA=required keeps the panel closed to
// staff without it.
describe("two-factor sign-in", async () => {
  const store = await createTestApp();
  await store.ensureAdmin(ADMIN.email, ADMIN.password);

  async function panelLogin() {
    const browser = store.client();
    return { browser, res: await browser.call(adminLogin.POST, "/api/auth/login", { body: ADMIN }) };
  }

  it("sets up with the password and a first code, then asks every sign-in for a code; a backup code works once", async () => {
    const { browser } = await panelLogin();
    expect((await browser.call(enable.POST, "/x", { body: { password: "wrong-password" } })).status).toBeGreaterThanOrEqual(400);
    const started = await browser.call(enable.POST, "/x", { body: { password: ADMIN.password } });
    expect(started.status).toBe(200);
    expect(started.body.totpURI).toMatch(/^otpauth:\/\/totp\//);
    expect(started.body.backupCodes).toHaveLength(10);
    const secret = started.body.secret as string;
    // Not on until the app proves it was set up right.
    expect((await browser.call(check.GET, "/x")).body.twoFactorEnabled).toBe(false);
    expect((await browser.call(confirm.POST, "/x", { body: { code: "000000" } })).status).toBe(401);
    expect((await browser.call(confirm.POST, "/x", { body: { code: totpCode(secret) } })).body).toEqual({ twoFactorEnabled: true });

    // The password alone opens nothing now.
    const first = await panelLogin();
    expect(first.res.status).toBe(200);
    expect(first.res.body).toEqual({ twoFactorRequired: true, methods: ["totp"] });
    expect((await first.browser.call(orders.GET, "/api/admin/orders")).status).toBe(401);
    const wrong = await first.browser.call(verify.POST, "/x", { body: { code: "123456", panel: true } });
    expect(wrong.status).toBe(401);
    expect(wrong.body.error).toBe("That code is not right. Check your authenticator app and try again");
    const right = await first.browser.call(verify.POST, "/x", { body: { code: totpCode(secret), panel: true } });
    expect(right.status).toBe(200);
    expect(right.body.user).toMatchObject({ email: ADMIN.email, isAdmin: true });
    expect((await first.browser.call(orders.GET, "/api/admin/orders")).status).toBe(200);

    // A backup code instead of the app, once.
    const backup = started.body.backupCodes[0] as string;
    const second = await panelLogin();
    expect((await second.browser.call(verify.POST, "/x", { body: { code: backup, method: "backup", panel: true } })).status).toBe(200);
    const third = await panelLogin();
    expect((await third.browser.call(verify.POST, "/x", { body: { code: backup, method: "backup", panel: true } })).status).toBe(401);

    // Every staff sign-in is in the audit trail.
    const trail = await first.browser.call(audit.GET, "/api/admin/audit", { query: { kind: "staff.signIn" } });
    const outcomes = (trail.body.entries as { after: { outcome: string } }[]).map((e) => e.after.outcome);
    expect(outcomes).toContain("second factor asked");
    expect(outcomes).toContain("signed in");

    // Off again with the password.
    expect((await first.browser.call(disable.POST, "/x", { body: { password: ADMIN.password } })).body).toEqual({ twoFactorEnabled: false });
    expect((await panelLogin()).res.body.user).toMatchObject({ isAdmin: true });
  });

  it("a wrong password on a staff account is in the audit trail; a shopper's is not", async () => {
    await store.client().call(adminLogin.POST, "/api/auth/login", { body: { email: ADMIN.email, password: "not-the-password" } });
    const shopper = await signIn(store, `tf-shopper-${Date.now()}@shop.test`);
    await store.client().call(adminLogin.POST, "/api/auth/login", { body: { email: shopper.email, password: "not-the-password" } });
    const { browser } = await panelLogin();
    const trail = await browser.call(audit.GET, "/api/admin/audit", { query: { kind: "staff.signIn" } });
    const entries = trail.body.entries as { admin: { email: string }; after: { outcome: string } }[];
    expect(entries.some((e) => e.admin.email === ADMIN.email && e.after.outcome === "wrong password")).toBe(true);
    expect(entries.some((e) => e.admin.email === shopper.email)).toBe(false);
  });
});

describe("STAFF_2FA=required", async () => {
  const store = await createTestApp({ env: { STAFF_2FA: "required" } });
  await store.ensureAdmin(ADMIN.email, ADMIN.password);

  it("refuses admin calls until the staff member has set up a second factor, and lets them set it up", async () => {
    const browser = store.client();
    expect((await browser.call(adminLogin.POST, "/api/auth/login", { body: ADMIN })).status).toBe(200);
    expect((await browser.call(check.GET, "/x")).body).toMatchObject({ isAdmin: true, twoFactorEnabled: false, twoFactorRequired: true });
    const refused = await browser.call(orders.GET, "/api/admin/orders");
    expect(refused.status).toBe(403);
    expect(refused.body.error).toBe("Set up two-factor sign-in before using the admin panel (STAFF_2FA=required)");

    const started = await browser.call(enable.POST, "/x", { body: { password: ADMIN.password } });
    expect((await browser.call(confirm.POST, "/x", { body: { code: totpCode(started.body.secret) } })).status).toBe(200);
    expect((await browser.call(orders.GET, "/api/admin/orders")).status).toBe(200);
  });
});
