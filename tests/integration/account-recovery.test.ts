import { afterAll, describe, expect, it } from "vitest";
import * as changePassword from "#src/pages/api/auth/change-password.ts";
import * as loginUser from "#src/pages/api/auth/login-user.ts";
import * as register from "#src/pages/api/auth/register.ts";
import * as requestReset from "#src/pages/api/auth/request-password-reset.ts";
import * as resetPassword from "#src/pages/api/auth/reset-password.ts";
import * as changeEmail from "#src/pages/api/auth/change-email.ts";
import * as revokeOthers from "#src/pages/api/auth/revoke-other-sessions.ts";
import * as resend from "#src/pages/api/auth/send-verification-email.ts";
import * as authUser from "#src/pages/api/auth/user.ts";
import * as verifyEmail from "#src/pages/api/auth/verify-email.ts";
import { linkIn, startSmtpServer } from "../support/smtp.ts";
import { PASSWORD } from "./helpers/shoppers.ts";
import { createTestApp, PUBLIC_URL } from "./helpers/test-app.ts";

const smtp = await startSmtpServer();
const store = await createTestApp({ env: { SMTP_URL: smtp.url, MAIL_FROM: "BloxBazaar <accounts@shop.test>" } });
afterAll(() => smtp.close());

let n = 0;
async function registered(firstName?: string) {
  const email = `recover${++n}@mail.test`;
  const browser = store.client();
  expect(
    (
      await browser.call(register.POST, "/api/auth/register", {
        body: { birthDate: "1990-01-01", acceptTerms: true, email, password: PASSWORD, ...(firstName ? { firstName } : {}) },
      })
    ).status,
  ).toBe(201);
  return { email, browser };
}
const login = (browser: ReturnType<typeof store.client>, email: string, password: string) =>
  browser.call(loginUser.POST, "/api/auth/login-user", { body: { email, password } });
async function inbox(email: string) {
  await store.app.mail.worker.drain();
  return smtp.to(email);
}
const tokenOf = (url: string) => new URL(url).searchParams.get("token")!;

describe("email verification (issue 19)", () => {
  it("sign-up sends a verification link; following it verifies the address; shopping never waited for it", async () => {
    const { email, browser } = await registered("Ana");
    expect((await login(browser, email, PASSWORD)).body.user).toMatchObject({ email, firstName: "Ana", emailVerified: false });
    const [mail] = await inbox(email);
    expect(mail!.subject).toBe("Confirm your email address for BloxBazaar");
    expect(mail!.text).toContain("Hi Ana,");
    const link = linkIn(mail!, `${PUBLIC_URL}/verify-email?token=`);
    const anotherBrowser = store.client();
    expect((await anotherBrowser.call(verifyEmail.GET, "/api/auth/verify-email", { query: { token: tokenOf(link) } })).status).toBe(200);
    expect((await browser.call(authUser.GET, "/api/auth/user")).body).toMatchObject({ emailVerified: true });
    expect((await browser.call(resend.POST, "/api/auth/send-verification-email", { body: {} })).body.message).toBe("Your email address is already verified.");
  });

  it("a bad or tampered link is refused with a clear message; resend sends a new link", async () => {
    const { email, browser } = await registered();
    await login(browser, email, PASSWORD);
    const bad = await store.call(verifyEmail.GET, "/api/auth/verify-email", { query: { token: "not-a-token" } });
    expect(bad).toMatchObject({ status: 400, body: { error: "This link has expired or was already used. Please ask for a new one." } });
    expect((await store.call(verifyEmail.GET, "/api/auth/verify-email")).status).toBe(400);
    expect((await browser.call(resend.POST, "/api/auth/send-verification-email", { body: {} })).status).toBe(200);
    const mails = await inbox(email);
    expect(mails).toHaveLength(2);
    expect(mails[1]!.text).toContain(`Hi recover${n},`);
    expect((await store.call(resend.POST, "/api/auth/send-verification-email", { body: {} })).status).toBe(401);
  });
});

describe("sign-up with a taken address (issue 19)", () => {
  it("answers as for a new address and tells the address's owner by email, three times an hour at most", async () => {
    const { email } = await registered();
    await inbox(email);
    for (let i = 0; i < 4; i++) {
      const again = await store
        .client()
        .call(register.POST, "/api/auth/register", { body: { birthDate: "1990-01-01", acceptTerms: true, email, password: "some other password" } });
      expect(again.status).toBe(201);
    }
    const told = (await inbox(email)).filter((m) => m.subject === "You already have a BloxBazaar account");
    expect(told).toHaveLength(3);
    expect(told[0]!.text).toContain(`${PUBLIC_URL}/forgot-password`);
  });
});

describe("forgotten password (issue 19)", () => {
  it("answers known and unknown addresses alike, and emails only the known one", async () => {
    const { email } = await registered();
    await inbox(email);
    const known = await store.call(requestReset.POST, "/api/auth/request-password-reset", { body: { email } });
    const unknown = await store.call(requestReset.POST, "/api/auth/request-password-reset", { body: { email: "nobody-here@mail.test" } });
    expect(known.status).toBe(200);
    expect(unknown).toEqual({ ...known, headers: unknown.headers });
    expect(await inbox("nobody-here@mail.test")).toHaveLength(0);
    expect((await inbox(email)).map((m) => m.subject)).toContain("Reset your BloxBazaar password");
    expect((await store.call(requestReset.POST, "/api/auth/request-password-reset", { body: { email: "not an address" } })).status).toBe(400);
  });

  it("the link sets a new password: the new one works, the old one does not, every other session is signed out, the link works once, and the shopper is told", async () => {
    const { email, browser } = await registered();
    expect((await login(browser, email, PASSWORD)).status).toBe(200);
    await store.call(requestReset.POST, "/api/auth/request-password-reset", { body: { email } });
    const resetMail = (await inbox(email)).find((m) => m.subject.startsWith("Reset"))!;
    const token = tokenOf(linkIn(resetMail, `${PUBLIC_URL}/reset-password?token=`));

    expect((await store.call(resetPassword.POST, "/api/auth/reset-password", { body: { token, newPassword: "password" } })).status).toBe(400);
    const done = await store.call(resetPassword.POST, "/api/auth/reset-password", { body: { token, newPassword: "a brand new secret" } });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect((await browser.call(authUser.GET, "/api/auth/user")).status).toBe(401);
    expect((await login(store.client(), email, PASSWORD)).status).toBe(401);
    expect((await login(store.client(), email, "a brand new secret")).status).toBe(200);
    const again = await store.call(resetPassword.POST, "/api/auth/reset-password", { body: { token, newPassword: "yet another secret" } });
    expect(again).toMatchObject({ status: 400, body: { error: "This link has expired or was already used. Please ask for a new one." } });
    expect((await inbox(email)).map((m) => m.subject)).toContain("Your BloxBazaar password was changed");
  });

  it("limits reset emails to one address to three an hour, from any client address", async () => {
    const { email } = await registered();
    for (let i = 0; i < 3; i++) expect((await store.call(requestReset.POST, "/api/auth/request-password-reset", { body: { email } })).status).toBe(200);
    const limited = await store.call(requestReset.POST, "/api/auth/request-password-reset", { body: { email } });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
  });
});

describe("change password (issue 19)", () => {
  it("needs the current password, keeps this session, signs out the others and tells the shopper", async () => {
    const { email, browser } = await registered();
    await login(browser, email, PASSWORD);
    const other = store.client();
    await login(other, email, PASSWORD);
    const wrong = await browser.call(changePassword.POST, "/api/auth/change-password", {
      body: { currentPassword: "not it at all", newPassword: "another good secret" },
    });
    expect(wrong).toMatchObject({ status: 400, body: { error: "Your current password is not right." } });
    expect(
      (await browser.call(changePassword.POST, "/api/auth/change-password", { body: { currentPassword: PASSWORD, newPassword: "password" } })).status,
    ).toBe(400);
    const changed = await browser.call(changePassword.POST, "/api/auth/change-password", {
      body: { currentPassword: PASSWORD, newPassword: "another good secret" },
    });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect((await browser.call(authUser.GET, "/api/auth/user")).status).toBe(200);
    expect((await other.call(authUser.GET, "/api/auth/user")).status).toBe(401);
    expect((await login(store.client(), email, "another good secret")).status).toBe(200);
    expect((await inbox(email)).map((m) => m.subject)).toContain("Your BloxBazaar password was changed");
    expect((await store.call(changePassword.POST, "/api/auth/change-password", { body: { currentPassword: "x", newPassword: "y" } })).status).toBe(401);
  });
});

describe("account settings (issue 19)", () => {
  it("sets and clears the first name, and signs out the other devices only", async () => {
    const { email, browser } = await registered();
    await login(browser, email, PASSWORD);
    const other = store.client();
    await login(other, email, PASSWORD);
    const named = await browser.call(authUser.PATCH, "/api/auth/user", { method: "PATCH", body: { firstName: "  Zoë " } });
    expect(named).toMatchObject({ status: 200, body: { user: { firstName: "Zoë" } } });
    expect((await browser.call(authUser.GET, "/api/auth/user")).body.firstName).toBe("Zoë");
    expect((await browser.call(authUser.PATCH, "/api/auth/user", { method: "PATCH", body: { firstName: "x".repeat(61) } })).status).toBe(400);
    expect((await browser.call(authUser.PATCH, "/api/auth/user", { method: "PATCH", body: { firstName: "" } })).body.user.firstName).toBeNull();
    expect((await browser.call(authUser.PATCH, "/api/auth/user", { method: "PATCH", body: { isAdmin: true, firstName: "Eve" } })).status).toBe(200);
    expect((await browser.call(authUser.GET, "/api/auth/user")).body).toMatchObject({ firstName: "Eve", isAdmin: false });

    expect((await browser.call(revokeOthers.POST, "/api/auth/revoke-other-sessions", { body: {} })).status).toBe(200);
    expect((await browser.call(authUser.GET, "/api/auth/user")).status).toBe(200);
    expect((await other.call(authUser.GET, "/api/auth/user")).status).toBe(401);
    expect((await store.call(revokeOthers.POST, "/api/auth/revoke-other-sessions", { body: {} })).status).toBe(401);
  });
});

describe("change email (issue 19)", () => {
  const change = (browser: ReturnType<typeof store.client>, newEmail: string) =>
    browser.call(changeEmail.POST, "/api/auth/change-email", { body: { newEmail } });
  const verify = (url: string) => store.call(verifyEmail.GET, "/api/auth/verify-email", { query: { token: tokenOf(url) } });

  it("an unverified address changes when the link sent to the new address is opened", async () => {
    const { email, browser } = await registered();
    await login(browser, email, PASSWORD);
    const asked = await change(browser, `moved${n}@mail.test`);
    expect(asked).toMatchObject({ status: 200, body: { message: `We have sent a link to moved${n}@mail.test. Your address changes when you open it.` } });
    expect((await browser.call(authUser.GET, "/api/auth/user")).body.email).toBe(email);
    const [mail] = await inbox(`moved${n}@mail.test`);
    expect((await verify(linkIn(mail!, `${PUBLIC_URL}/verify-email?token=`))).status).toBe(200);
    expect((await browser.call(authUser.GET, "/api/auth/user")).body.email).toBe(`moved${n}@mail.test`);
    expect((await login(store.client(), `moved${n}@mail.test`, PASSWORD)).status).toBe(200);
  });

  it("a verified address is asked first; the change happens after both links; a taken address gets the same answer and no email", async () => {
    const { email, browser } = await registered();
    await login(browser, email, PASSWORD);
    const [verification] = await inbox(email);
    await verify(linkIn(verification!, `${PUBLIC_URL}/verify-email?token=`));
    const newEmail = `second-home${n}@mail.test`;
    const asked = await change(browser, newEmail);
    expect(asked.body.message).toBe(
      `We have sent a link to ${email} to confirm the change; then one to ${newEmail}. Your address changes when you open that last link.`,
    );
    const confirm = (await inbox(email)).find((m) => m.subject.startsWith("Confirm the new email address"))!;
    expect(confirm.text).toContain(newEmail);
    expect(await inbox(newEmail)).toHaveLength(0);
    expect((await verify(linkIn(confirm, `${PUBLIC_URL}/verify-email?token=`))).status).toBe(200);
    expect((await browser.call(authUser.GET, "/api/auth/user")).body.email).toBe(email);
    const [last] = await inbox(newEmail);
    expect((await verify(linkIn(last!, `${PUBLIC_URL}/verify-email?token=`))).status).toBe(200);
    expect((await browser.call(authUser.GET, "/api/auth/user")).body).toMatchObject({ email: newEmail, emailVerified: true });

    const other = await registered();
    await store.app.mail.worker.drain();
    const before = smtp.received.length;
    const taken = await change(browser, other.email);
    expect(taken.status).toBe(200);
    await store.app.mail.worker.drain();
    expect(smtp.received.length).toBe(before);
    expect((await change(browser, newEmail)).body).toEqual({ error: "This is already your email address." });
    expect((await store.call(changeEmail.POST, "/api/auth/change-email", { body: { newEmail: "x@mail.test" } })).status).toBe(401);
  });
});
