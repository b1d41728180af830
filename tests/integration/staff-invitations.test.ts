import { afterAll, describe, expect, it } from "vitest";
import * as audit from "#src/pages/api/admin/audit.ts";
import * as refunds from "#src/pages/api/admin/orders/[id]/refunds.ts";
import * as staff from "#src/pages/api/admin/staff/index.ts";
import * as adminLogin from "#src/pages/api/auth/login.ts";
import * as check from "#src/pages/api/auth/check.ts";
import * as resetPassword from "#src/pages/api/auth/reset-password.ts";
import * as authUser from "#src/pages/api/auth/user.ts";
import { linkIn, startSmtpServer } from "../support/smtp.ts";
import { PASSWORD, signIn, signInAdmin } from "./helpers/shoppers.ts";
import { createTestApp, PUBLIC_URL } from "./helpers/test-app.ts";

// Issue 20: an owner adds someone to the staff by address. An address without an account is invited
// through the mail outbox (a real SMTP server here); the emailed link sets the first password on the
// store's own /reset-password page, and the new staff member signs in to the panel with it.
const smtp = await startSmtpServer();
const store = await createTestApp({ env: { SMTP_URL: smtp.url, MAIL_FROM: "BloxBazaar <accounts@shop.test>" } });
afterAll(() => smtp.close());
const owner = await signInAdmin(store);

async function inbox(email: string) {
  await store.app.mail.worker.drain();
  return smtp.to(email);
}
const tokenOf = (url: string) => new URL(url).searchParams.get("token")!;
type Listed = { id: string; email: string; role: string; invitationPending: boolean };
const staffEntries = async (userId: string) =>
  (
    (await owner.call(audit.GET, "/api/admin/audit")).body as {
      entries: { kind: string; entityId: string; admin: { email: string }; before: unknown; after: unknown }[];
    }
  ).entries
    .filter((e) => e.entityId === userId && (e.kind === "staff.invite" || e.kind === "staff.role" || e.kind === "staff.accept"))
    .reverse();

describe("staff invitations", () => {
  it("a new address gets an account with the role and an email; the link sets a password once; the agent signs in as support", async () => {
    const email = `new-agent-${Date.now()}@shop.test`;
    const invited = await owner.call(staff.POST, "/api/admin/staff", { body: { email: email.toUpperCase(), role: "support" } });
    expect(invited.status, JSON.stringify(invited.body)).toBe(201);
    const member = (invited.body as Listed[]).find((m) => m.email === email)!;
    expect(member).toMatchObject({ role: "support", invitationPending: true });
    // Nothing to sign in with until the link is followed.
    expect((await store.client().call(adminLogin.POST, "/api/auth/login", { body: { email, password: PASSWORD } })).status).toBe(401);

    const [mail, ...more] = await inbox(email);
    expect(more).toHaveLength(0);
    expect(mail!.subject).toBe("You are invited to the BloxBazaar staff");
    expect(mail!.text).toContain("admin@shop.test has added you to the BloxBazaar staff as support");
    const link = linkIn(mail!, `${PUBLIC_URL}/reset-password?token=`);
    expect(new URL(link).searchParams.get("invitation")).toBe("1");
    expect(await staffEntries(member.id)).toMatchObject([
      { kind: "staff.invite", admin: { email: "admin@shop.test" }, before: null, after: { email, role: "support" } },
    ]);

    const set = await store.call(resetPassword.POST, "/api/auth/reset-password", { body: { token: tokenOf(link), newPassword: PASSWORD } });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    const again = await store.call(resetPassword.POST, "/api/auth/reset-password", { body: { token: tokenOf(link), newPassword: "another good secret" } });
    expect(again.status).toBe(400);

    const agent = store.client();
    expect((await agent.call(adminLogin.POST, "/api/auth/login", { body: { email, password: PASSWORD } })).status).toBe(200);
    expect((await agent.call(check.GET, "/api/auth/check")).body).toMatchObject({ isAdmin: true, role: "support" });
    // The link reached the address: it counts as verified. A first password is no "password changed".
    expect((await agent.call(authUser.GET, "/api/auth/user")).body).toMatchObject({ email, emailVerified: true });
    expect((await inbox(email)).map((m) => m.subject)).toEqual(["You are invited to the BloxBazaar staff"]);
    const refund = await agent.call(refunds.POST, "/x", { params: { id: "any-order" }, body: { destination: "store_credit", reason: "Sneaky" } });
    expect(refund.status).toBe(403);
    expect(refund.body.error).toContain('permission "refunds"');
    expect(((await owner.call(staff.GET, "/api/admin/staff")).body as Listed[]).find((m) => m.email === email)!.invitationPending).toBe(false);

    // Added again once signed in: nothing to invite, no email, no entry.
    expect((await owner.call(staff.POST, "/api/admin/staff", { body: { email, role: "support" } })).status).toBe(201);
    expect(await inbox(email)).toHaveLength(1);
    expect((await staffEntries(member.id)).map((e) => e.kind)).toEqual(["staff.invite", "staff.accept"]);
  });

  it("adding a pending address again sends a new link with the role asked now; an existing shopper is invited too", async () => {
    const email = `slow-reader-${Date.now()}@shop.test`;
    await owner.call(staff.POST, "/api/admin/staff", { body: { email, role: "support" } });
    const again = await owner.call(staff.POST, "/api/admin/staff", { body: { email, role: "manager" } });
    expect((again.body as Listed[]).find((m) => m.email === email)).toMatchObject({ role: "manager", invitationPending: true });
    const mails = await inbox(email);
    expect(mails).toHaveLength(2);
    expect(mails[1]!.text).toContain("as manager");
    const id = (again.body as Listed[]).find((m) => m.email === email)!.id;
    expect((await staffEntries(id)).map((e) => [e.kind, e.after])).toEqual([
      ["staff.invite", { email, role: "support" }],
      ["staff.invite", { email, role: "manager" }],
    ]);
    // Either link sets the first password; then the other one is dead (it lived days, not a reset link's hour).
    const [older, newer] = mails.map((m) => tokenOf(linkIn(m, `${PUBLIC_URL}/reset-password?token=`)));
    expect((await store.call(resetPassword.POST, "/api/auth/reset-password", { body: { token: newer, newPassword: PASSWORD } })).status).toBe(200);
    expect((await store.call(resetPassword.POST, "/api/auth/reset-password", { body: { token: older, newPassword: "taken over by mail" } })).status).toBe(400);
    expect((await store.client().call(adminLogin.POST, "/api/auth/login", { body: { email, password: PASSWORD } })).status).toBe(200);

    // Issue 32: an existing account is invited like a new address; the role waits for the link.
    const shopper = await signIn(store, `shopper-made-staff-${Date.now()}@shop.test`);
    await inbox(shopper.email);
    const added = await owner.call(staff.POST, "/api/admin/staff", { body: { email: shopper.email, role: "support" } });
    expect((added.body as Listed[]).find((m) => m.email === shopper.email)).toMatchObject({ role: "support", invitationPending: true });
    const [invitation] = (await inbox(shopper.email)).filter((m) => m.subject === "You are invited to the BloxBazaar staff");
    expect((await shopper.call(check.GET, "/api/auth/check")).body).toMatchObject({ authenticated: true, isAdmin: false });
    const token = tokenOf(linkIn(invitation!, `${PUBLIC_URL}/reset-password?token=`));
    expect((await store.call(resetPassword.POST, "/api/auth/reset-password", { body: { token, newPassword: "a new staff password" } })).status).toBe(200);
    expect((await staffEntries(shopper.userId)).map((e) => e.kind)).toEqual(["staff.invite", "staff.accept"]);
    // The old password opens nothing any more, the old session neither.
    expect((await shopper.call(check.GET, "/api/auth/check")).body).toMatchObject({ authenticated: false });
    expect((await store.client().call(adminLogin.POST, "/api/auth/login", { body: { email: shopper.email, password: PASSWORD } })).status).toBe(401);
    expect((await store.client().call(adminLogin.POST, "/api/auth/login", { body: { email: shopper.email, password: "a new staff password" } })).status).toBe(
      200,
    );
  });
});
