import { afterAll, describe, expect, it } from "vitest";
import * as orderStatus from "#src/pages/api/orders/[id]/status.ts";
import * as adminMail from "#src/pages/api/admin/mail/index.ts";
import * as adminMailOne from "#src/pages/api/admin/mail/[id].ts";
import * as adminMailPreview from "#src/pages/api/admin/mail/[id]/preview.ts";
import { createApp } from "#server/app.ts";
import { MAIL_LEASE_MS } from "#server/mail.ts";
import { createMailQueue } from "#adapters/mail/mail-outbox.repository.ts";
import { MAX_DELIVERY_ATTEMPTS } from "#domain/mail/mail.ts";
import type { Clock } from "#domain/shared/clock.port.ts";
import { startSmtpServer } from "../support/smtp.ts";
import { captureCall, preparedPayment, product, setStock, signIn, signInAdmin } from "./helpers/shoppers.ts";
import { createTestApp, TEST_DATABASE } from "./helpers/test-app.ts";

// A clock the test moves on, to reach retry times and the end of a lease without waiting.
let offsetMs = 0;
const clock: Clock = { now: () => new Date(Date.now() + offsetMs) };

const smtp = await startSmtpServer();
// Administrators' digests are tested on their own (admin-digest.test.ts); here they would add to the counts.
const store = await createTestApp({ clock, env: { SMTP_URL: smtp.url, MAIL_FROM: "BloxBazaar <orders@shop.test>", ADMIN_NOTIFY_EMAIL: "off" } });
const admin = await signInAdmin(store);
afterAll(() => smtp.close());

let n = 0;
const outbox = () => store.app.db.selectFrom("mail_outbox").selectAll().orderBy("createdAt").execute();
const rowsTo = async (address: string) => (await outbox()).filter((row) => row.recipient === address);

async function placeOrder(email = `buyer${++n}@mail.test`) {
  const buyer = await signIn(store, `mail-shopper${++n}@shop.test`);
  // The sign-up's verification email goes out first, so each test counts only the order's.
  await store.app.mail.worker.drain();
  const item = await product(store, "Dough Fruit (Permanent)");
  await setStock(store, item.id, 50);
  const { paymentId } = await preparedPayment(buyer, item.id, 2, { email });
  const captured = await captureCall(buyer, paymentId);
  expect(captured.status, JSON.stringify(captured.body)).toBe(201);
  return { buyer, email, item, orderId: captured.body.order.id as string, captured: captured.body };
}

describe("the mail outbox (issue 19)", () => {
  it("puts the receipt in the outbox with the order, and the worker delivers it by SMTP once, with the right total", async () => {
    const { email, item } = await placeOrder();
    const [row] = await rowsTo(email);
    expect(row).toMatchObject({ status: "pending", template: "order_confirmation", attempts: 0 });
    expect(smtp.to(email)).toHaveLength(0);

    expect(await store.app.mail.worker.drain()).toMatchObject({ sent: 1 });
    expect(await store.app.mail.worker.drain()).toEqual({ sent: 0, retried: 0, failed: 0 });
    const [mail] = smtp.to(email);
    expect(smtp.to(email)).toHaveLength(1);
    const total = ((item.priceCents * 2) / 100).toFixed(2);
    expect(mail!.subject).toMatch(/^Your BloxBazaar order #[0-9A-F]{8} is confirmed$/);
    expect(mail!.text).toContain(`Dough Fruit (Permanent) × 2: $${total}`);
    expect(mail!.text).toContain(`Total paid: $${total}`);
    expect(mail!.text).toContain("Roblox user Builder_42");
    expect(mail!.text).toContain("http://localhost:4321/dashboard");
    expect(mail!.html).toContain("Dough Fruit (Permanent)");
    expect(mail!.messageId).toBe(`<${row!.id}@localhost>`);
    expect(mail!.from).toBe("orders@shop.test");
    const [sent] = await rowsTo(email);
    expect(sent).toMatchObject({ status: "sent", attempts: 1, subject: mail!.subject });
    expect(sent!.html).toContain("Dough Fruit (Permanent)");
  });

  it("writes no email when the order is not placed (the transaction rolled back)", async () => {
    const buyer = await signIn(store, `mail-shopper${++n}@shop.test`);
    const item = await product(store, "Dough Fruit (Permanent)");
    await setStock(store, item.id, 50);
    const email = `rolled-back${n}@mail.test`;
    const { paymentId } = await preparedPayment(buyer, item.id, 1, { email });
    await setStock(store, item.id, 0);
    await store.app.db.deleteFrom("stock_holds").execute();
    await store.app.db
      .updateTable("checkouts")
      .set({ expiresAt: new Date(Date.now() - 60_000).toISOString() })
      .execute();
    const captured = await captureCall(buyer, paymentId);
    expect(captured.status).toBe(409);
    expect(await rowsTo(email)).toHaveLength(0);
  });

  it("emails the shopper when an administrator moves the order to in delivery, then delivered", async () => {
    const { email, orderId } = await placeOrder();
    for (const status of ["processing", "completed"] as const) {
      const res = await admin.call(orderStatus.PATCH, "/api/orders/x/status", { method: "PATCH", params: { id: orderId }, body: { status } });
      expect(res.status).toBe(200);
    }
    await store.app.mail.worker.drain();
    expect(smtp.to(email).map((m) => m.subject.replace(/#\w+ /, "#X "))).toEqual([
      "Your BloxBazaar order #X is confirmed",
      "Your BloxBazaar order #X is in delivery",
      "Your BloxBazaar order #X was delivered",
    ]);
  });

  it("survives a restart between commit and send: the next process sends the message, once", async () => {
    const { email } = await placeOrder();
    // The process that placed the order stops before its worker ran; another starts on the same database.
    const restarted = store.sibling();
    expect(await restarted.mail.worker.drain()).toMatchObject({ sent: 1 });
    expect(await store.app.mail.worker.drain()).toMatchObject({ sent: 0 });
    expect(smtp.to(email)).toHaveLength(1);
  });

  it("a worker that died holding a message: the message waits for its lease, then another worker sends it; the dead one's late record changes nothing", async () => {
    const { email } = await placeOrder();
    const queue = createMailQueue(store.app.db);
    const [taken] = await queue.claim({ now: clock.now(), limit: 1, leaseUntil: new Date(clock.now().getTime() + MAIL_LEASE_MS), claim: "dead-worker" });
    expect(taken!.mail.to).toBe(email);
    expect(await store.app.mail.worker.drain()).toMatchObject({ sent: 0 });
    offsetMs += MAIL_LEASE_MS + 1000;
    expect(await store.app.mail.worker.drain()).toMatchObject({ sent: 1 });
    expect(await queue.markRetry(taken!.id, "dead-worker", clock.now(), "late")).toBe(false);
    expect((await rowsTo(email))[0]).toMatchObject({ status: "sent", attempts: 2, lastError: null });
    expect(smtp.to(email)).toHaveLength(1);
  });

  it("retries with a growing delay when the server answers a temporary error, and gives up on a refused address", async () => {
    const { email } = await placeOrder();
    smtp.refuse(451, "Try again later");
    expect(await store.app.mail.worker.drain()).toMatchObject({ retried: 1 });
    const [waiting] = await rowsTo(email);
    expect(waiting).toMatchObject({ status: "pending", attempts: 1 });
    expect(waiting!.lastError).toMatch(/451/);
    expect(new Date(waiting!.nextAttemptAt).getTime()).toBeGreaterThan(clock.now().getTime() + 20_000);
    // Not yet due: nothing happens.
    expect(await store.app.mail.worker.drain()).toMatchObject({ sent: 0, retried: 0 });
    offsetMs += 31_000;
    expect(await store.app.mail.worker.drain()).toMatchObject({ sent: 1 });
    expect(smtp.to(email)).toHaveLength(1);

    const refused = await placeOrder();
    smtp.refuse(550, "No such user", "rcpt");
    expect(await store.app.mail.worker.drain()).toMatchObject({ failed: 1 });
    expect((await rowsTo(refused.email))[0]).toMatchObject({ status: "failed", attempts: 1 });
    expect(MAX_DELIVERY_ATTEMPTS).toBeGreaterThan(1);
  });

  it("retries while the mail server is down, and sends once it is back", async () => {
    const { email } = await placeOrder();
    const down = await createDownApp();
    expect(await down.mail.worker.drain()).toMatchObject({ retried: 1 });
    expect((await rowsTo(email))[0]!.lastError).toMatch(/ECONNREFUSED|connect/i);
    offsetMs += 31_000;
    expect(await store.app.mail.worker.drain()).toMatchObject({ sent: 1 });
    expect(smtp.to(email)).toHaveLength(1);
    await down.db.destroy();
  });

  it("the admin panel's Mail view lists the outbox and shows a message, sent or not yet; only to administrators", async () => {
    const { email } = await placeOrder();
    const listed = await admin.call(adminMail.GET, "/api/admin/mail", { query: { to: email } });
    expect(listed.status).toBe(200);
    expect(listed.body).toMatchObject({ total: 1, transport: "smtp", messages: [{ recipient: email, status: "pending", template: "order_confirmation" }] });
    const id = listed.body.messages[0].id;
    const preview = await admin.call(adminMailOne.GET, "/api/admin/mail/x", { params: { id } });
    expect(preview.body).toMatchObject({ status: "pending", subject: expect.stringMatching(/is confirmed$/) });
    expect(preview.body.text).toContain("Total paid");
    expect(preview.body.html).toContain("<!doctype html>");
    // The HTML at its own URL (issue 35), under a policy of its own: its inline styles, no scripts, no
    // web fonts, a sandbox, framed by the panel only; never kept by a cache.
    const page = await admin.call(adminMailPreview.GET, "/api/admin/mail/x/preview", { params: { id } });
    expect(page.status).toBe(200);
    expect(page.headers.get("content-type")).toBe("text/html; charset=utf-8");
    expect(page.body).toBe(preview.body.html);
    expect(page.body).toContain("Total paid");
    expect(page.body).not.toContain("fonts.googleapis.com");
    const policy = page.headers.get("content-security-policy")!;
    expect(policy).toMatch(/^default-src 'none'; /);
    expect(policy).toContain("style-src 'unsafe-inline'");
    expect(policy).toContain("frame-ancestors 'self'");
    expect(policy).toMatch(/; sandbox$/);
    expect(policy).not.toContain("script-src");
    expect(page.headers.get("x-frame-options")).toBe("SAMEORIGIN");
    expect(page.headers.get("cache-control")).toBe("private, no-store");
    expect((await admin.call(adminMailPreview.GET, "/api/admin/mail/x/preview", { params: { id: "nope" } })).status).toBe(404);
    expect((await store.call(adminMailPreview.GET, "/api/admin/mail/x/preview", { params: { id } })).status).toBe(401);
    await store.app.mail.worker.drain();
    expect((await admin.call(adminMailOne.GET, "/api/admin/mail/x", { params: { id } })).body).toMatchObject({ status: "sent", sentAt: expect.any(String) });
    expect((await admin.call(adminMail.GET, "/api/admin/mail", { query: { status: "sent", pageSize: "1" } })).body.messages).toHaveLength(1);
    expect((await admin.call(adminMail.GET, "/api/admin/mail", { query: { status: "lost" } })).status).toBe(400);
    expect((await admin.call(adminMailOne.GET, "/api/admin/mail/x", { params: { id: "nope" } })).status).toBe(404);
    expect((await store.call(adminMail.GET, "/api/admin/mail")).status).toBe(401);
    const shopper = await signIn(store, `mail-nosy${++n}@shop.test`);
    expect((await shopper.call(adminMail.GET, "/api/admin/mail")).status).toBe(403);
    expect((await shopper.call(adminMailOne.GET, "/api/admin/mail/x", { params: { id } })).status).toBe(403);
    expect((await shopper.call(adminMailPreview.GET, "/api/admin/mail/x/preview", { params: { id } })).status).toBe(403);
  });

  it.runIf(TEST_DATABASE === "postgres")("two processes draining one outbox at once (PostgreSQL, SKIP LOCKED) send each message exactly once", async () => {
    await store.app.mail.worker.drain();
    const before = smtp.received.length;
    const addresses = Array.from({ length: 40 }, (_, i) => `many${i}@mail.test`);
    await store.app.db.transaction().execute(async (trx) => {
      const add = store.app.mail.outbox(trx);
      for (const [i, to] of addresses.entries()) await add.add({ template: "promo_code", to, data: { code: `CODE${i}`, percentOff: 20 } });
    });
    const first = store.sibling();
    const second = store.sibling();
    const rounds = await Promise.all([first.mail.worker.drain(), second.mail.worker.drain(), first.mail.worker.drain(), second.mail.worker.drain()]);
    expect(rounds.reduce((sum, r) => sum + r.sent, 0)).toBe(40);
    expect(rounds.filter((r) => r.sent > 0).length).toBeGreaterThan(1);
    const delivered = smtp.received.slice(before);
    expect(delivered).toHaveLength(40);
    expect(new Set(delivered.map((m) => m.messageId)).size).toBe(40);
    expect(delivered.map((m) => m.to[0]).sort()).toEqual([...addresses].sort());
    const rows = await store.app.db.selectFrom("mail_outbox").select(["status", "attempts"]).where("template", "=", "promo_code").execute();
    expect(rows.every((r) => r.status === "sent" && r.attempts === 1)).toBe(true);
  });
});

/** Another process of the store whose SMTP server does not answer. */
async function createDownApp() {
  const { loadConfig } = await import("#server/config.ts");
  const config = loadConfig({
    ...process.env,
    DATABASE_URL: store.config.databaseUrl,
    DATA_DIR: store.dir,
    LOG_LEVEL: "silent",
    PUBLIC_URL: store.config.publicUrl,
    SMTP_URL: "smtp://127.0.0.1:1",
    MAIL_FROM: "shop@shop.test",
  });
  return createApp(config, { clock, secrets: store.app.secrets });
}
