import { describe, expect, it } from "vitest";
import * as accountRoute from "#src/pages/api/account/index.ts";
import * as exportRoute from "#src/pages/api/account/export.ts";
import * as adminMail from "#src/pages/api/admin/mail/index.ts";
import * as adminMailMessage from "#src/pages/api/admin/mail/[id].ts";
import * as resendMail from "#src/pages/api/admin/mail/[id]/resend.ts";
import * as mailPreview from "#src/pages/api/admin/mail/[id]/preview.ts";
import * as refunds from "#src/pages/api/admin/orders/[id]/refunds.ts";
import * as staff from "#src/pages/api/admin/staff/index.ts";
import * as check from "#src/pages/api/auth/check.ts";
import * as adminLogin from "#src/pages/api/auth/login.ts";
import * as requestReset from "#src/pages/api/auth/request-password-reset.ts";
import * as resetPassword from "#src/pages/api/auth/reset-password.ts";
import * as confirmTwoFactor from "#src/pages/api/auth/two-factor/confirm.ts";
import * as enableTwoFactor from "#src/pages/api/auth/two-factor/enable.ts";
import * as itemRequests from "#src/pages/api/item-requests.ts";
import * as points from "#src/pages/api/points/index.ts";
import * as promo from "#src/pages/api/promo.ts";
import * as supportMessages from "#src/pages/api/support/conversations/[id]/messages.ts";
import * as conversations from "#src/pages/api/support/conversations/index.ts";
import { manualClock } from "../fakes/in-memory-shopping.ts";
import { totpCode } from "../support/totp.ts";
import { emailedToken, joinStaff, verifyAddress } from "./helpers/accounts.ts";
import { ADMIN, captureCall, PASSWORD, preparedPayment, product, setStock, signIn, signInAdmin } from "./helpers/shoppers.ts";
import { createTestApp, TEST_DATABASE } from "./helpers/test-app.ts";

// Issue 32: five ways into other people's accounts and data that the trust features opened, each
// tried as the attacker would, through the HTTP API, and shown to fail. A short delivery promise
// on a clock the test moves, and the late-order job run by hand, for the fifth.
const MINUTE = 60_000;
const clock = manualClock(new Date().toISOString());
const store = await createTestApp({ clock, env: { DELIVERY_SLA_MINUTES: "2", SLA_CHECK_SECONDS: "0", SLA_COMPENSATION_POINTS: "500" } });
const owner = await signInAdmin(store);
let n = 0;
const address = (tag: string) => `${tag}-${++n}-${Date.now()}@shop.test`;
const panelLogin = (email: string, password: string) => store.client().call(adminLogin.POST, "/api/auth/login", { body: { email, password } });

describe(`issue 32's attacks on ${TEST_DATABASE}`, () => {
  it("1. squatting a future staff address gets no role: the owner's add only invites; the role waits for the mailbox's link", async () => {
    const future = address("future-manager");
    const squatter = await signIn(store, future); // registered, never verified
    const added = await owner.call(staff.POST, "/api/admin/staff", { body: { email: future, role: "manager" } });
    expect(added.status).toBe(201);
    expect((added.body as { email: string; invitationPending: boolean }[]).find((m) => m.email === future)).toMatchObject({ invitationPending: true });
    // The squatter's password opens no panel, and the squatter's session carries no role.
    expect((await panelLogin(future, PASSWORD)).status).toBe(403);
    expect((await squatter.call(check.GET, "/api/auth/check")).body).toMatchObject({ isAdmin: false });
    // Nor can the owner be talked into promoting the unverified account directly.
    const direct = await owner.call(staff.POST, "/api/admin/staff", { body: { email: future, role: "manager", direct: true } });
    expect(direct.status).toBe(409);
    expect(direct.body.error).toContain("two-factor");

    // The mailbox's owner follows the link: the role is theirs, with their password; the squatter's
    // password and session are gone.
    const token = await emailedToken(store, future, "staff_invitation");
    expect((await store.call(resetPassword.POST, "/api/auth/reset-password", { body: { token, newPassword: "the real manager's words" } })).status).toBe(200);
    expect((await squatter.call(check.GET, "/api/auth/check")).body).toMatchObject({ authenticated: false });
    expect((await panelLogin(future, PASSWORD)).status).toBe(401);
    expect((await panelLogin(future, "the real manager's words")).status).toBe(200);
  });

  it("1b. a verified account is promoted directly only with two-factor sign-in on and the owner's confirmation", async () => {
    const email = address("verified-agent");
    const agent = await signIn(store, email);
    await verifyAddress(store, email);
    const refused = await owner.call(staff.POST, "/api/admin/staff", { body: { email, role: "support", direct: true } });
    expect(refused.status).toBe(409);
    const started = await agent.call(enableTwoFactor.POST, "/x", { body: { password: PASSWORD } });
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    expect((await agent.call(confirmTwoFactor.POST, "/x", { body: { code: totpCode(started.body.secret as string) } })).status).toBe(200);
    const promoted = await owner.call(staff.POST, "/api/admin/staff", { body: { email, role: "support", direct: true } });
    expect(promoted.status).toBe(201);
    expect((promoted.body as { email: string; role: string; invitationPending: boolean }[]).find((m) => m.email === email)).toMatchObject({
      role: "support",
      invitationPending: false,
    });
    // The role ended the sessions it was not signed in with.
    expect((await agent.call(check.GET, "/api/auth/check")).body).toMatchObject({ authenticated: false });
  });

  it("2. no staff member reads a link meant for someone else: Mail is the owner's; the owner sees links cut to their path and can only resend", async () => {
    const managerEmail = address("mail-reading-manager");
    await signIn(store, managerEmail);
    await joinStaff(store, owner, managerEmail, "manager", "manager's own words");
    const manager = store.client();
    expect((await manager.call(adminLogin.POST, "/api/auth/login", { body: { email: managerEmail, password: "manager's own words" } })).status).toBe(200);

    // The manager asks a reset for the owner's address, then goes for the message.
    expect((await manager.call(requestReset.POST, "/api/auth/request-password-reset", { body: { email: ADMIN.email } })).status).toBe(200);
    const listed = await manager.call(adminMail.GET, "/api/admin/mail", { query: { to: ADMIN.email } });
    expect(listed.status).toBe(403);
    expect(listed.body.error).toContain('permission "mail"');

    // Even the owner, who has the Mail tab, sees no usable link: not before sending, not after.
    const mine = (await owner.call(adminMail.GET, "/api/admin/mail", { query: { to: ADMIN.email } })).body.messages as { id: string; template: string }[];
    const reset = mine.find((m) => m.template === "reset_password")!;
    const token = await emailedToken(store, ADMIN.email, "reset_password");
    const unsent = await owner.call(adminMailMessage.GET, "/x", { params: { id: reset.id } });
    expect(unsent.body).toMatchObject({ linksRedacted: true, resendable: true });
    expect(JSON.stringify(unsent.body)).not.toContain(token);
    expect(unsent.body.text).toMatch(/\/reset-password(\s|$)/);
    // The HTML preview at its own URL (issue 35) is cut alike, and the manager gets it no more than the JSON.
    const previewed = await owner.call(mailPreview.GET, "/x", { params: { id: reset.id } });
    expect(previewed.status).toBe(200);
    expect(previewed.body).toContain("/reset-password");
    expect(previewed.body).not.toContain(token);
    expect(previewed.body).not.toContain("token=");
    const peeked = await manager.call(mailPreview.GET, "/x", { params: { id: reset.id } });
    expect(peeked.status).toBe(403);
    expect(JSON.stringify(peeked.body)).not.toContain("reset-password");
    await store.app.mail.worker.drain();
    const sent = await owner.call(adminMailMessage.GET, "/x", { params: { id: reset.id } });
    expect(sent.body.status).toBe("sent");
    expect(JSON.stringify(sent.body)).not.toContain(token);
    // What the store keeps holds no key either: the message as sent, and the link's own record (hashed).
    const row = await store.app.db.selectFrom("mail_outbox").select(["data", "html", "text"]).where("id", "=", reset.id).executeTakeFirstOrThrow();
    expect(JSON.stringify(row)).not.toContain(token);
    const verifications = await store.app.db
      .selectFrom("verification" as never)
      .select("identifier" as never)
      .execute();
    expect(JSON.stringify(verifications)).not.toContain(token);
    // The link still works for the mailbox it went to.
    expect((await store.call(resetPassword.POST, "/api/auth/reset-password", { body: { token, newPassword: ADMIN.password + "x" } })).status).toBe(200);
    await store.ensureAdmin(ADMIN.email, ADMIN.password);
    const ownerAgain = await signInAdmin(store);

    // "Resend" sends the recipient a new link and shows nobody the old one.
    const resent = await ownerAgain.call(resendMail.POST, "/x", { params: { id: reset.id }, body: {} });
    expect(resent.status, JSON.stringify(resent.body)).toBe(200);
    expect(resent.body.message).toBe(`A new password reset link was sent to ${ADMIN.email}.`);
    expect(JSON.stringify(resent.body)).not.toContain("token");
    const fresh = await emailedToken(store, ADMIN.email, "reset_password");
    expect(fresh).not.toBe(token);
    expect((await manager.call(resendMail.POST, "/x", { params: { id: reset.id }, body: {} })).status).toBe(403);
  });

  it("3 and 4. registering a guest's address gets none of their data, and deleting that account erases none of it", async () => {
    const guestEmail = address("guest");
    const guest = store.client();
    const chat = await guest.call(conversations.POST, "/api/support/conversations", { body: { status: "open", email: guestEmail } });
    expect(chat.status).toBe(201);
    const id = chat.body.id as string;
    const said = await guest.call(supportMessages.POST, "/x", { params: { id }, body: { message: "My order never came, here is my Roblox name" } });
    expect(said.status).toBe(201);
    const fruit = await product(store, "10M Diamonds");
    expect(
      (
        await guest.call(itemRequests.POST, "/api/item-requests", {
          body: { gameId: fruit.gameId, itemName: "Shadow Dragon", email: guestEmail, description: "" },
        })
      ).status,
    ).toBeLessThan(300);
    expect((await guest.call(promo.POST, "/api/promo", { body: { email: guestEmail } })).status).toBe(200);

    // Attack 3: the squatter registers the address (never verifies it) and downloads "their" data.
    const squatter = await signIn(store, guestEmail);
    const taken = await squatter.call(exportRoute.GET, "/api/account/export");
    expect(taken.status).toBe(200);
    expect(taken.body).toMatchObject({ supportConversations: [], itemRequests: [], promoClaims: [] });
    expect(JSON.stringify(taken.body)).not.toContain("Roblox name");

    // Attack 4: the squatter deletes the account; the guest's data stays.
    expect((await squatter.call(accountRoute.DELETE, "/api/account", { method: "DELETE", body: { password: PASSWORD } })).status).toBe(204);
    const stillThere = await guest.call(supportMessages.GET, "/x", { params: { id } });
    expect(stillThere.status).toBe(200);
    expect(JSON.stringify(stillThere.body)).toContain("Roblox name");
    const db = store.app.db;
    expect(await db.selectFrom("item_requests").select("id").where("email", "=", guestEmail).execute()).toHaveLength(1);
    expect(await db.selectFrom("promo_claims").select("email").where("email", "=", guestEmail).execute()).toHaveLength(1);
    expect(await db.selectFrom("mail_outbox").select("id").where("recipient", "=", guestEmail).where("template", "=", "promo_code").execute()).toHaveLength(1);
    // The promo is not claimable again: one code per address still.
    await guest.call(promo.POST, "/api/promo", { body: { email: guestEmail } });
    expect(await db.selectFrom("mail_outbox").select("id").where("recipient", "=", guestEmail).where("template", "=", "promo_code").execute()).toHaveLength(1);

    // The address's real owner registers and proves it: the guest's data is theirs now, once, by id.
    const realOwner = await signIn(store, guestEmail);
    expect((await realOwner.call(exportRoute.GET, "/api/account/export")).body).toMatchObject({ supportConversations: [], itemRequests: [] });
    await verifyAddress(store, guestEmail);
    const proven = (await realOwner.call(exportRoute.GET, "/api/account/export")).body;
    expect(proven.supportConversations).toHaveLength(1);
    expect(proven.supportConversations[0].messages[0].message).toContain("Roblox name");
    expect(proven.itemRequests).toHaveLength(1);
    expect(proven.promoClaims).toHaveLength(1);
    expect(await db.selectFrom("guest_data_claims").selectAll().where("userId", "=", realOwner.userId).execute()).toHaveLength(1);
  });

  it("5. a fully refunded order earns no late-delivery compensation; a partially refunded one still does", async () => {
    const item = await product(store, "Titanic Cat");
    await setStock(store, item.id, 1000);
    const order = async (email: string) => {
      const buyer = await signIn(store, email);
      const { paymentId } = await preparedPayment(buyer, item.id, 2);
      const captured = await captureCall(buyer, paymentId);
      expect(captured.status).toBe(201);
      return { buyer, order: captured.body.order as { id: string; total: string } };
    };
    const full = await order(address("refunded-buyer"));
    const part = await order(address("half-refunded-buyer"));
    // A fresh panel session: attack 2 reset the owner's password, which ended the earlier ones.
    const admin = await signInAdmin(store);
    const refund = (id: string, body: Record<string, unknown>) => admin.call(refunds.POST, "/x", { params: { id }, body });
    expect((await refund(full.order.id, { destination: "store_credit", reason: "out of stock" })).status).toBe(201);
    expect((await refund(part.order.id, { amount: "0.01", destination: "store_credit", reason: "a cent off" })).status).toBe(201);

    clock.advance(2 * MINUTE + 1000);
    const settled = await store.app.lateOrders.runOnce();
    expect(settled).not.toContainEqual(expect.objectContaining({ orderId: full.order.id }));
    expect(settled).toContainEqual({ orderId: part.order.id, markedLate: true, compensated: true });
    const late = await store.app.db.selectFrom("points_ledger").select("reference").where("reason", "=", "late_delivery").execute();
    expect(late.map((l) => l.reference)).not.toContain(full.order.id);
    const pointsOf = async (buyer: typeof full.buyer) => ((await buyer.call(points.GET, "/api/points")).body as { points: number }).points;
    expect(await pointsOf(part.buyer)).toBeGreaterThanOrEqual(500);
    expect(await pointsOf(full.buyer)).toBeLessThan(500);
  });
});
