import { afterAll, describe, expect, it } from "vitest";
import * as birthDateRoute from "#src/pages/api/account/birth-date.ts";
import * as exportRoute from "#src/pages/api/account/export.ts";
import * as loginUser from "#src/pages/api/auth/login-user.ts";
import * as register from "#src/pages/api/auth/register.ts";
import * as session from "#src/pages/api/auth/session.ts";
import * as cart from "#src/pages/api/cart/index.ts";
import * as parentLink from "#src/pages/api/checkout/parent-link.ts";
import * as prepare from "#src/pages/api/checkout/prepare.ts";
import * as payLink from "#src/pages/api/pay/[token]/index.ts";
import * as decline from "#src/pages/api/pay/[token]/decline.ts";
import * as capture from "#src/pages/paypal/order/[id]/capture.ts";
import * as paypalOrder from "#src/pages/paypal/order/index.ts";
import { linkIn, startSmtpServer } from "../support/smtp.ts";
import { birthDateAged } from "./helpers/birth-dates.ts";
import { claimFor, PASSWORD, product } from "./helpers/shoppers.ts";
import { createTestApp, TEST_DATABASE } from "./helpers/test-app.ts";

// Age asked once and "Ask a parent to pay" (issue 52), through the routes, with a real SMTP server.
let offsetMs = 0;
const smtp = await startSmtpServer();
const store = await createTestApp({ clock: { now: () => new Date(Date.now() + offsetMs) }, env: { SMTP_URL: smtp.url, MAIL_FROM: "Shop <shop@shop.test>" } });
afterAll(() => smtp.close());

let n = 0;
type Browser = ReturnType<typeof store.client>;

async function account(birthDate: string | undefined) {
  const email = `kid${++n}@shop.test`;
  const browser = store.client();
  const created = await browser.call(register.POST, "/api/auth/register", {
    body: { acceptTerms: true, email, password: PASSWORD, ...(birthDate ? { birthDate } : {}) },
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const res = await browser.call(loginUser.POST, "/api/auth/login-user", { body: { email, password: PASSWORD } });
  return Object.assign(browser, { userId: res.body.user.id as string, email });
}

async function preparedCart(browser: Browser, name = "10M Diamonds", quantity = 2) {
  const item = await product(store, name);
  await browser.call(cart.POST, "/api/cart", { body: { productId: item.id, quantity } });
  const prepared = await browser.call(prepare.POST, "/api/checkout/prepare", { body: await claimFor(browser, { email: `buyer${n}@kid.test` }) });
  expect(prepared.status, JSON.stringify(prepared.body)).toBe(201);
  return prepared.body as { id: string; total: string };
}

async function sendLink(browser: Browser, parentEmail: string) {
  return browser.call(parentLink.POST, "/api/checkout/parent-link", { body: { parentEmail } });
}

async function mailsTo(email: string) {
  await store.app.mail.worker.drain();
  return smtp.to(email);
}

async function tokenSentTo(parentEmail: string) {
  const [mail] = (await mailsTo(parentEmail)).filter((m) => m.subject.includes("asks you to pay"));
  return linkIn(mail!, `${store.app.config.publicUrl}/pay/`).split("/pay/")[1]!;
}

const read = (token: string) => store.client().call(payLink.GET, `/api/pay/${token}`, { params: { token } });
const startAsParent = (parent: Browser, token: string) =>
  parent.call(paypalOrder.POST, "/paypal/order", { body: { payToken: token, sandboxOutcome: "approve" } });

describe(`age, asked once, on ${TEST_DATABASE}`, () => {
  it("refuses a 12-year-old's account and an impossible date; a 15-year-old's session says minor", async () => {
    const twelve = await store.client().call(register.POST, "/api/auth/register", {
      body: { acceptTerms: true, email: "twelve@shop.test", password: PASSWORD, birthDate: birthDateAged(12) },
    });
    expect(twelve.status).toBe(422);
    expect(twelve.body.code).toBe("age_under_13");
    expect(await store.app.db.selectFrom("user").select("id").where("email", "=", "twelve@shop.test").executeTakeFirst()).toBeUndefined();
    const impossible = await store.client().call(register.POST, "/api/auth/register", {
      body: { acceptTerms: true, email: "feb30@shop.test", password: PASSWORD, birthDate: "2010-02-30" },
    });
    expect(impossible.status).toBe(400);

    const teen = await account(birthDateAged(15));
    expect((await teen.call(session.GET, "/api/auth/session")).body.user.minor).toBe(true);
    const adult = await account(birthDateAged(30));
    const answer = (await adult.call(session.GET, "/api/auth/session")).body.user;
    expect(answer.minor).toBe(false);
    expect(JSON.stringify(answer)).not.toContain(birthDateAged(30));
  });

  it("asks an account without a birth date for it once before it prepares, and keeps it in the export", async () => {
    const older = await account(undefined);
    const item = await product(store, "10M Diamonds");
    await older.call(cart.POST, "/api/cart", { body: { productId: item.id, quantity: 1 } });
    const refused = await older.call(prepare.POST, "/api/checkout/prepare", { body: await claimFor(older) });
    expect(refused.status).toBe(422);
    expect(refused.body.code).toBe("birth_date_required");

    expect((await older.call(birthDateRoute.POST, "/api/account/birth-date", { body: { birthDate: birthDateAged(11) } })).body.code).toBe("age_under_13");
    const given = await older.call(birthDateRoute.POST, "/api/account/birth-date", { body: { birthDate: "1991-06-15" } });
    expect(given.status).toBe(200);
    expect(given.body.user.minor).toBe(false);
    // Once: a child cannot type another year later.
    expect((await older.call(birthDateRoute.POST, "/api/account/birth-date", { body: { birthDate: "1980-01-01" } })).status).toBe(409);
    expect((await older.call(prepare.POST, "/api/checkout/prepare", { body: await claimFor(older) })).status).toBe(201);
    expect((await older.call(exportRoute.GET, "/api/account/export")).body.account.birthDate).toBe("1991-06-15");
  });
});

describe(`ask a parent to pay, on ${TEST_DATABASE}`, () => {
  it("a 15-year-old cannot pay; the parent gets one email whose link pays exactly the cart: the order is the child's, the receipt the parent's", async () => {
    const teen = await account(birthDateAged(15));
    const prepared = await preparedCart(teen);
    const own = await teen.call(paypalOrder.POST, "/paypal/order", { body: { sandboxOutcome: "approve" } });
    expect(own.status).toBe(403);
    expect(own.body.code).toBe("parent_must_pay");
    expect((await sendLink(teen, teen.email)).status).toBe(400);

    const parentEmail = `parent${n}@home.test`;
    const sent = await sendLink(teen, parentEmail);
    expect(sent.status).toBe(201);
    expect(Date.parse(sent.body.expiresAt) - Date.now()).toBeGreaterThan(47 * 3600_000);
    // The units stay held while the link is open.
    const held = await store.app.db.selectFrom("checkouts").select("expiresAt").where("id", "=", prepared.id).executeTakeFirstOrThrow();
    expect(held.expiresAt).toBe(sent.body.expiresAt);
    expect(await mailsTo(parentEmail)).toHaveLength(1);
    const token = await tokenSentTo(parentEmail);
    const stored = await store.app.db.selectFrom("parent_pay_links").select("tokenHash").executeTakeFirstOrThrow();
    expect(stored.tokenHash).not.toContain(token);

    const view = await read(token);
    expect(view.status).toBe(200);
    // The parent sees whom it goes to as Roblox showed the child: the display name and avatar.
    expect(view.body).toMatchObject({
      total: prepared.total,
      roblox: { username: "Builder_42", displayName: "Builder", avatarUrl: expect.stringMatching(/^https?:\/\//), verified: true },
      items: [{ name: "10M Diamonds", quantity: 2 }],
    });
    const [request] = (await mailsTo(parentEmail)).filter((m) => m.subject.includes("asks you to pay"));
    expect(request!.text).toContain("delivered in Roblox to Builder (@Builder_42)");

    const parent = store.client();
    const started = await startAsParent(parent, token);
    expect(started.status, JSON.stringify(started.body)).toBe(201);
    // A token opens only its own checkout's payment.
    expect((await parent.call(capture.POST, "/paypal/order/other/capture", { params: { id: "other" }, body: { payToken: token } })).status).toBe(404);
    const paid = await parent.call(capture.POST, `/paypal/order/${started.body.id}/capture`, { params: { id: started.body.id }, body: { payToken: token } });
    expect(paid.status, JSON.stringify(paid.body)).toBe(201);
    expect(paid.body).toEqual({ id: started.body.id, status: "COMPLETED" });
    const order = await store.app.db.selectFrom("orders").select(["userId", "totalCents"]).where("paymentId", "=", started.body.id).executeTakeFirstOrThrow();
    expect(order.userId).toBe(teen.userId);
    expect((await mailsTo(parentEmail)).map((m) => m.subject)).toEqual([expect.stringContaining("asks you to pay"), expect.stringContaining("is confirmed")]);
    expect((await mailsTo(`buyer${n}@kid.test`)).filter((m) => m.subject.includes("is confirmed"))).toHaveLength(0);

    const after = await read(token);
    expect(after.status).toBe(410);
    expect(after.body.error).toContain("already been paid");
    const replay = await parent.call(capture.POST, `/paypal/order/${started.body.id}/capture`, { params: { id: started.body.id }, body: { payToken: token } });
    expect(replay.status).toBe(409);
    expect(replay.body.orderId).toBeUndefined();
  });

  it("an adult's checkout sends no link, and an unknown token is a 404", async () => {
    const adult = await account(birthDateAged(25));
    await preparedCart(adult);
    expect((await sendLink(adult, "mum@home.test")).status).toBe(409);
    expect((await read("not-a-token")).status).toBe(404);
  });

  it("a declined link pays nothing, releases the hold and tells the child", async () => {
    const teen = await account(birthDateAged(15));
    const prepared = await preparedCart(teen);
    const parentEmail = `parent${n}@home.test`;
    expect((await sendLink(teen, parentEmail)).status).toBe(201);
    const token = await tokenSentTo(parentEmail);
    expect((await store.client().call(decline.POST, `/api/pay/${token}/decline`, { params: { token }, body: {} })).status).toBe(200);
    expect((await read(token)).status).toBe(410);
    const started = await startAsParent(store.client(), token);
    expect(started.status).toBe(410);
    expect(started.body.code).toBe("parent_link_ended");
    expect((await store.client().call(decline.POST, `/api/pay/${token}/decline`, { params: { token }, body: {} })).status).toBe(410);
    expect(await store.app.db.selectFrom("stock_holds").where("checkoutId", "=", prepared.id).selectAll().execute()).toEqual([]);
    expect((await mailsTo(teen.email)).map((m) => m.subject)).toContainEqual(expect.stringContaining("not now"));
  });

  it("a changed cart or an expired link pays nothing", async () => {
    const teen = await account(birthDateAged(16));
    await preparedCart(teen);
    const parentEmail = `parent${n}@home.test`;
    await sendLink(teen, parentEmail);
    const token = await tokenSentTo(parentEmail);
    const more = await product(store, "Dragon Fruit (Permanent)");
    await teen.call(cart.POST, "/api/cart", { body: { productId: more.id, quantity: 1 } });
    const changed = await read(token);
    expect(changed.status).toBe(410);
    expect(changed.body.error).toContain("cart changed");
    expect((await startAsParent(store.client(), token)).status).toBe(410);

    const other = await account(birthDateAged(14));
    await preparedCart(other);
    const otherParent = `parent${n}@home.test`;
    await sendLink(other, otherParent);
    const later = await tokenSentTo(otherParent);
    offsetMs = 49 * 3600_000;
    try {
      const expired = await read(later);
      expect(expired.status).toBe(410);
      expect(expired.body.error).toContain("expired");
      expect((await startAsParent(store.client(), later)).status).toBe(410);
    } finally {
      offsetMs = 0;
    }
  });

  it("brakes the sending: a fourth link in an hour is refused, so the parent's address is not a spam cannon", async () => {
    const teen = await account(birthDateAged(15));
    await preparedCart(teen);
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push((await sendLink(teen, `p${i}-${n}@home.test`)).status);
    expect(statuses).toEqual([201, 201, 201, 429]);
  });
});
