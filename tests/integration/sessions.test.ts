import { describe, expect, it } from "vitest";
import * as staffMember from "#src/pages/api/admin/staff/[userId].ts";
import * as changePassword from "#src/pages/api/auth/change-password.ts";
import * as adminLogin from "#src/pages/api/auth/login.ts";
import * as loginUser from "#src/pages/api/auth/login-user.ts";
import * as register from "#src/pages/api/auth/register.ts";
import * as sessions from "#src/pages/api/auth/sessions/index.ts";
import * as session from "#src/pages/api/auth/sessions/[id].ts";
import * as authUser from "#src/pages/api/auth/user.ts";
import * as check from "#src/pages/api/auth/check.ts";
import { PASSWORD, signInAdmin } from "./helpers/shoppers.ts";
import { createTestApp } from "./helpers/test-app.ts";
import { joinStaff } from "./helpers/accounts.ts";

// Issue 20: the account's active sessions (device, last seen, this device), each of which can be
// ended; a password change ends the others, and a change or removal of a staff role ends them all.
const store = await createTestApp();
const owner = await signInAdmin(store);
const WINDOWS_CHROME = "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";
const IPHONE_SAFARI = "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1";
type Listed = { id: string; device: string; signedInAt: string; lastSeenAt: string; current: boolean };

let n = 0;
async function account() {
  const email = `devices${++n}-${Date.now()}@shop.test`;
  expect(
    (await store.call(register.POST, "/api/auth/register", { body: { birthDate: "1990-01-01", acceptTerms: true, email, password: PASSWORD } })).status,
  ).toBe(201);
  return email;
}
async function device(email: string, userAgent: string) {
  const browser = store.client();
  const res = await browser.call(loginUser.POST, "/api/auth/login-user", { body: { email, password: PASSWORD }, headers: { "user-agent": userAgent } });
  expect(res.status).toBe(200);
  return Object.assign(browser, { userId: res.body.user.id as string });
}
const list = async (browser: ReturnType<typeof store.client>) => (await browser.call(sessions.GET, "/api/auth/sessions")).body as Listed[];
const signedIn = async (browser: ReturnType<typeof store.client>) => (await browser.call(authUser.GET, "/api/auth/user")).status === 200;

describe("active sessions", () => {
  it("lists this device first with its device in plain words and when it was last seen, and no token", async () => {
    const email = await account();
    const laptop = await device(email, WINDOWS_CHROME);
    const phone = await device(email, IPHONE_SAFARI);
    const listed = await list(laptop);
    expect(listed.map((s) => [s.device, s.current])).toEqual([
      ["Chrome on Windows", true],
      ["Safari on iPhone", false],
    ]);
    for (const s of listed) {
      expect(Object.keys(s).sort()).toEqual(["current", "device", "id", "lastSeenAt", "signedInAt"]);
      expect(Math.abs(Date.parse(s.lastSeenAt) - Date.now())).toBeLessThan(60_000);
    }
    expect((await list(phone)).map((s) => [s.device, s.current])).toEqual([
      ["Safari on iPhone", true],
      ["Chrome on Windows", false],
    ]);
    expect((await store.call(sessions.GET, "/api/auth/sessions")).status).toBe(401);
  });

  it("ends another device's session; another account cannot end it; ending this one signs out", async () => {
    const email = await account();
    const laptop = await device(email, WINDOWS_CHROME);
    const phone = await device(email, IPHONE_SAFARI);
    const [mine, phones] = await list(laptop);

    const stranger = await device(await account(), WINDOWS_CHROME);
    const refused = await stranger.call(session.DELETE, "/x", { method: "DELETE", params: { id: phones!.id } });
    expect(refused).toMatchObject({ status: 404, body: { error: "This session has already ended" } });
    expect(await signedIn(phone)).toBe(true);

    const ended = await laptop.call(session.DELETE, "/x", { method: "DELETE", params: { id: phones!.id } });
    expect(ended.status).toBe(200);
    expect((ended.body as Listed[]).map((s) => s.id)).toEqual([mine!.id]);
    expect(await signedIn(phone)).toBe(false);
    expect(await signedIn(laptop)).toBe(true);

    const out = await laptop.call(session.DELETE, "/x", { method: "DELETE", params: { id: mine!.id } });
    expect(out).toMatchObject({ status: 200, body: [] });
    expect(await signedIn(laptop)).toBe(false);
    expect((await store.call(session.DELETE, "/x", { method: "DELETE", params: { id: mine!.id } })).status).toBe(401);
  });

  it("a password change keeps this session and ends the others", async () => {
    const email = await account();
    const laptop = await device(email, WINDOWS_CHROME);
    const phone = await device(email, IPHONE_SAFARI);
    const changed = await laptop.call(changePassword.POST, "/api/auth/change-password", {
      body: { currentPassword: PASSWORD, newPassword: "another good secret" },
      headers: { "user-agent": WINDOWS_CHROME },
    });
    expect(changed.status).toBe(200);
    expect(await signedIn(phone)).toBe(false);
    // better-auth renews this device's session with the new password: one session, this one.
    expect((await list(laptop)).map((s) => [s.device, s.current])).toEqual([["Chrome on Windows", true]]);
  });

  it("a staff member's sessions all end when the role changes or is removed", async () => {
    const email = await account();
    await joinStaff(store, owner, email, "support");
    const panel = async () => {
      const browser = store.client();
      expect(
        (await browser.call(adminLogin.POST, "/api/auth/login", { body: { email, password: PASSWORD }, headers: { "user-agent": WINDOWS_CHROME } })).status,
      ).toBe(200);
      return browser;
    };
    const [desk, home] = [await panel(), await panel()];
    expect(await list(desk)).toHaveLength(2);
    expect((await desk.call(check.GET, "/x")).body.role).toBe("support");
    const userId = (await desk.call(authUser.GET, "/api/auth/user")).body.id as string;

    expect((await owner.call(staffMember.PATCH, "/x", { params: { userId }, body: { role: "manager" } })).status).toBe(200);
    expect([await signedIn(desk), await signedIn(home)]).toEqual([false, false]);

    const again = await panel();
    expect((await owner.call(staffMember.DELETE, "/x", { method: "DELETE", params: { userId } })).status).toBe(200);
    expect(await signedIn(again)).toBe(false);
  });
});
