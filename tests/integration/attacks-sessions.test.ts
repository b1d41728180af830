import { spawnSync } from "node:child_process";
import { describe, expect, it } from "vitest";
import * as adminOrders from "#src/pages/api/admin/orders.ts";
import * as check from "#src/pages/api/auth/check.ts";
import * as adminLogin from "#src/pages/api/auth/login.ts";
import * as loginUser from "#src/pages/api/auth/login-user.ts";
import * as register from "#src/pages/api/auth/register.ts";
import { createTestApp, TEST_DATABASE } from "./helpers/test-app.ts";

// Issue 17's high findings about sessions, attacked with the cookies an attacker would have kept.
const store = await createTestApp({ seed: false });
const PASSWORD = "correct horse battery";

async function adminBrowser(email: string, password: string) {
  const browser = store.client();
  const res = await browser.call(adminLogin.POST, "/api/auth/login", { body: { email, password } });
  expect(res.status).toBe(200);
  return browser;
}

async function sessionCount(email: string): Promise<number> {
  const row = await store.app.db
    .selectFrom("session")
    .innerJoin("user", "user.id", "session.userId")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("user.email", "=", email)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

describe("sessions follow credentials and roles", () => {
  it("sessions outlive a password change: a new ADMIN_PASSWORD at start ends the sessions opened with the old one", async () => {
    await store.ensureAdmin("chief@shop.test", "first-password-1");
    const old = await adminBrowser("chief@shop.test", "first-password-1");
    expect((await old.call(adminOrders.GET, "/api/admin/orders")).status).toBe(200);
    await store.ensureAdmin("chief@shop.test", "second-password-2"); // the next start, with the password set again
    expect((await old.call(adminOrders.GET, "/api/admin/orders")).status).toBe(401);
    expect(await sessionCount("chief@shop.test")).toBe(0);
    // The same password at every restart ends nothing.
    const fresh = await adminBrowser("chief@shop.test", "second-password-2");
    await store.ensureAdmin("chief@shop.test", "second-password-2");
    expect((await fresh.call(adminOrders.GET, "/api/admin/orders")).status).toBe(200);
  });

  it("a pre-registered account becomes an administrator session: the cookie kept from before promotion gets nothing", async () => {
    const squatter = store.client();
    expect(
      (
        await squatter.call(register.POST, "/api/auth/register", {
          body: { birthDate: "1990-01-01", acceptTerms: true, email: "ops@shop.test", password: PASSWORD },
        })
      ).status,
    ).toBe(201);
    expect((await squatter.call(loginUser.POST, "/api/auth/login-user", { body: { email: "ops@shop.test", password: PASSWORD } })).status).toBe(200);
    expect((await squatter.call(check.GET, "/api/auth/check")).body).toEqual({ authenticated: true, isAdmin: false });
    await store.ensureAdmin("ops@shop.test", "operator-chosen-1");
    expect((await squatter.call(check.GET, "/api/auth/check")).body).toEqual({ authenticated: false, isAdmin: false });
    expect((await squatter.call(adminOrders.GET, "/api/admin/orders")).status).toBe(401);
  });

  it("administrator sessions expire after 8 hours idle; a shopper's do not", async () => {
    await store.ensureAdmin("night@shop.test", "night-shift-pass-1");
    const admin = await adminBrowser("night@shop.test", "night-shift-pass-1");
    const shopper = store.client();
    await shopper.call(register.POST, "/api/auth/register", {
      body: { birthDate: "1990-01-01", acceptTerms: true, email: "idle-shopper@shop.test", password: PASSWORD },
    });
    await shopper.call(loginUser.POST, "/api/auth/login-user", { body: { email: "idle-shopper@shop.test", password: PASSWORD } });
    // Nine hours without a request: the last refresh (expiry minus 30 days) moves back nine hours.
    const nineHours = 9 * 3600 * 1000;
    for (const email of ["night@shop.test", "idle-shopper@shop.test"]) {
      const sessions = await store.app.db
        .selectFrom("session")
        .innerJoin("user", "user.id", "session.userId")
        .select(["session.id", "session.expiresAt"])
        .where("user.email", "=", email)
        .execute();
      for (const s of sessions) {
        const moved = new Date(new Date(s.expiresAt).getTime() - nineHours);
        await store.app.db
          .updateTable("session")
          .set({ expiresAt: (TEST_DATABASE === "postgres" ? moved : moved.toISOString()) as never })
          .where("id", "=", s.id)
          .execute();
      }
    }
    expect((await admin.call(adminOrders.GET, "/api/admin/orders")).status).toBe(401);
    expect(await sessionCount("night@shop.test")).toBe(0);
    expect((await shopper.call(check.GET, "/api/auth/check")).body).toEqual({ authenticated: true, isAdmin: false });
  });
});

describe("cli admin create on an existing shopper's account", () => {
  it("refuses without confirmation (no terminal, no --yes), and promotes with --yes, ending its sessions", async () => {
    if (TEST_DATABASE !== "sqlite") return; // the CLI reads the store's DATABASE_URL; this file's SQLite store is enough
    const squatter = store.client();
    await squatter.call(register.POST, "/api/auth/register", {
      body: { birthDate: "1990-01-01", acceptTerms: true, email: "ops2@shop.test", password: PASSWORD },
    });
    await squatter.call(loginUser.POST, "/api/auth/login-user", { body: { email: "ops2@shop.test", password: PASSWORD } });
    const cli = (...args: string[]) =>
      spawnSync(process.execPath, ["scripts/cli.ts", "admin", "create", "--email", "ops2@shop.test", "--password", "operator-chosen-2", ...args], {
        env: { ...process.env, DATABASE_URL: store.config.databaseUrl, DATA_DIR: store.dir, LOG_LEVEL: "silent" },
        encoding: "utf8",
      });
    const refused = cli();
    expect(refused.status).toBe(1);
    expect(refused.stderr.trim()).toBe("admin: ops2@shop.test is a shopper's account and was not changed; run again with --yes to make it an administrator");
    expect((await squatter.call(check.GET, "/api/auth/check")).body).toEqual({ authenticated: true, isAdmin: false });
    const confirmed = cli("--yes");
    expect(confirmed.stdout.trim()).toBe("admin: ops2@shop.test was a shopper's account and is now an administrator; all its sessions were ended");
    expect((await squatter.call(check.GET, "/api/auth/check")).body).toEqual({ authenticated: false, isAdmin: false });
  });
});
