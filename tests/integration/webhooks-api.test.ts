import { createHmac, timingSafeEqual } from "node:crypto";
import { afterAll, describe, expect, it } from "vitest";
import * as webhooksRoute from "#src/pages/api/admin/webhooks/index.ts";
import * as webhookRoute from "#src/pages/api/admin/webhooks/[id].ts";
import * as deliveriesRoute from "#src/pages/api/admin/webhooks/[id]/deliveries.ts";
import * as conversations from "#src/pages/api/support/conversations/index.ts";
import { PAUSE_AFTER_FAILURES } from "#domain/webhooks/webhook.ts";
import { startWebhookReceiver, type ReceivedWebhook } from "../support/webhook-receiver.ts";
import { administrator, joinStaff, shopper } from "./helpers/accounts.ts";
import { captureCall, preparedPayment, product, setStock, signIn } from "./helpers/shoppers.ts";
import { createTestApp, TEST_DATABASE } from "./helpers/test-app.ts";
import { shortId } from "#domain/shared/short-id.ts";

// Outgoing webhooks (issue 38) against a real HTTP receiver: the owner adds endpoints, a paid order
// is delivered signed, a 500 is retried, a Discord endpoint gets a readable `content`, an endpoint
// that keeps failing is paused and the owner emailed, and nobody but the owner may touch them.
let now = new Date();
const clock = { now: () => now };
const later = (ms: number) => (now = new Date(now.getTime() + ms));
const store = await createTestApp({ clock, env: { WEBHOOKS_ALLOW_LOCAL: "1" } });
const receiver = await startWebhookReceiver({ "/flaky": [500, 200], "/discord": [204], "/down": [503] });
afterAll(() => receiver.close());
const { browser: owner } = await administrator(store);
const item = await product(store, "1,700 Robux Pack");
await setStock(store, item.id, 1000);
const drain = () => store.app.webhooks.worker.drain();
const add = (body: Record<string, unknown>) => owner.call(webhooksRoute.POST, "/api/admin/webhooks", { body });

/** Verifies a delivery the way docs/webhooks.md tells a receiver to. */
function verified(hit: ReceivedWebhook, secret: string): boolean {
  const timestamp = String(hit.headers["x-webhook-timestamp"]);
  const expected = `v1=${createHmac("sha256", secret).update(`${timestamp}.${hit.body}`).digest("hex")}`;
  const given = String(hit.headers["x-webhook-signature"]);
  return given.length === expected.length && timingSafeEqual(Buffer.from(given), Buffer.from(expected));
}

async function paidOrder(): Promise<string> {
  const { browser } = await shopper(store, `payer${Math.random().toString(36).slice(2)}@shop.test`);
  const { paymentId } = await preparedPayment(browser, item.id, 2, { email: "secret-buyer@shop.test", robloxUsername: "Builder_42" });
  const paid = await captureCall(browser, paymentId);
  expect(paid.status, JSON.stringify(paid.body)).toBe(201);
  return paid.body.order.id as string;
}

describe(`outgoing webhooks on ${TEST_DATABASE}`, () => {
  it("lets only the owner list, add, resume and remove webhooks", async () => {
    const guest = store.client();
    expect((await guest.call(webhooksRoute.GET, "/api/admin/webhooks")).status).toBe(401);
    expect((await guest.call(webhooksRoute.POST, "/api/admin/webhooks", { body: { url: receiver.url("/x"), events: ["order.paid"] } })).status).toBe(401);
    const { browser: buyer } = await shopper(store, "nosy@shop.test");
    expect((await buyer.call(webhooksRoute.GET, "/api/admin/webhooks")).status).toBe(403);
    for (const role of ["manager", "support"] as const) {
      const email = `${role}@shop.test`;
      await joinStaff(store, owner, email, role);
      const staff = store.client();
      await signIn(store, email, staff);
      expect((await staff.call(webhooksRoute.GET, "/api/admin/webhooks")).status).toBe(403);
      expect((await staff.call(webhooksRoute.POST, "/api/admin/webhooks", { body: { url: receiver.url("/x"), events: ["order.paid"] } })).status).toBe(403);
      expect((await staff.call(webhookRoute.DELETE, "/api/admin/webhooks/x", { method: "DELETE", params: { id: "x" } })).status).toBe(403);
      expect((await staff.call(deliveriesRoute.GET, "/api/admin/webhooks/x/deliveries", { params: { id: "x" } })).status).toBe(403);
    }
    // Bad input changes nothing.
    expect((await add({ url: receiver.url("/x"), events: [] })).status).toBe(400);
    expect((await add({ url: receiver.url("/x"), events: ["order.shipped"] })).status).toBe(400);
    expect((await add({ url: "ftp://example.com/hook", events: ["order.paid"] })).status).toBe(400);
    expect((await add({ url: receiver.url("/x"), events: ["order.paid"], secret: "short" })).status).toBe(400);
    expect((await owner.call(webhooksRoute.GET, "/api/admin/webhooks")).body.webhooks).toEqual([]);
  });

  it("delivers a paid order signed, retries after a 500, and lists the attempts", async () => {
    const created = await add({ url: receiver.url("/flaky"), events: ["order.paid"] });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const { secret, webhook } = created.body;
    expect(secret).toMatch(/^whsec_/);
    // The secret is shown once: the list never carries it.
    const listed = await owner.call(webhooksRoute.GET, "/api/admin/webhooks");
    expect(JSON.stringify(listed.body)).not.toContain(secret);
    expect(listed.body.webhooks[0]).toMatchObject({ id: webhook.id, format: "json", events: ["order.paid"], status: "active" });

    const orderId = await paidOrder();
    await drain();
    const first = receiver.on("/flaky");
    expect(first).toHaveLength(1);
    expect(verified(first[0]!, secret)).toBe(true);
    expect(verified(first[0]!, "another-secret-entirely")).toBe(false);
    const body = JSON.parse(first[0]!.body);
    expect(body).toMatchObject({ event: "order.paid", data: { orderId, total: "39.98", itemCount: 2, robloxUsername: "Builder_42" } });
    expect(first[0]!.headers["x-webhook-event"]).toBe("order.paid");
    expect(first[0]!.headers["x-webhook-id"]).toBe(body.id);
    // Never the shopper's address, nor any payment id.
    expect(first[0]!.body).not.toContain("secret-buyer@shop.test");
    expect(first[0]!.body).not.toMatch(/payer|paymentId|captureId/);

    const deliveries = () => owner.call(deliveriesRoute.GET, `/api/admin/webhooks/${webhook.id}/deliveries`, { params: { id: webhook.id } });
    const pending = (await deliveries()).body.deliveries[0];
    expect(pending).toMatchObject({ event: "order.paid", status: "pending", attempts: 1, statusCode: 500 });
    expect(pending.error).toContain("HTTP 500");

    // Not again before its backoff; then again, answered 200.
    await drain();
    expect(receiver.on("/flaky")).toHaveLength(1);
    later(31_000);
    await drain();
    const both = receiver.on("/flaky");
    expect(both).toHaveLength(2);
    expect(both[1]!.body).toBe(both[0]!.body);
    expect(verified(both[1]!, secret)).toBe(true);
    const done = await deliveries();
    expect(done.headers.get("x-total-count")).toBe("1");
    expect(done.body.deliveries[0]).toMatchObject({ status: "delivered", attempts: 2, statusCode: 200, error: null });
    expect(done.body.deliveries[0].responseMs).toEqual(expect.any(Number));
    // Delivered is delivered: nothing more goes out.
    later(3600_000);
    await drain();
    expect(receiver.on("/flaky")).toHaveLength(2);
    expect((await owner.call(webhookRoute.DELETE, `/api/admin/webhooks/${webhook.id}`, { method: "DELETE", params: { id: webhook.id } })).status).toBe(204);
  });

  it("posts a readable Discord message with no mentions allowed", async () => {
    const created = await add({ url: receiver.url("/discord"), format: "discord", events: ["order.paid"], secret: "my-own-secret-of-24-chars-at-least" });
    expect(created.status).toBe(201);
    expect(created.body.secret).toBe("my-own-secret-of-24-chars-at-least");
    const orderId = await paidOrder();
    await drain();
    const [hit] = receiver.on("/discord");
    const message = JSON.parse(hit!.body);
    expect(message.content).toContain(`New paid order #${shortId(orderId)}: 2 items, $39.98, deliver to Builder\\_42`);
    expect(message.allowed_mentions).toEqual({ parse: [] });
    expect(message.content.length).toBeLessThanOrEqual(2000);
    // Discord answers 204 No Content: delivered.
    const listed = await owner.call(deliveriesRoute.GET, `/api/admin/webhooks/${created.body.webhook.id}/deliveries`, {
      params: { id: created.body.webhook.id },
    });
    expect(listed.body.deliveries[0]).toMatchObject({ status: "delivered", statusCode: 204, attempts: 1 });
    await owner.call(webhookRoute.DELETE, `/api/admin/webhooks/${created.body.webhook.id}`, { method: "DELETE", params: { id: created.body.webhook.id } });
  });

  it(`pauses an endpoint after ${PAUSE_AFTER_FAILURES} failures in a row, tells the owner, and sends again once resumed`, async () => {
    const created = await add({ url: receiver.url("/down"), events: ["conversation.opened"] });
    const id = created.body.webhook.id as string;
    const guest = store.client();
    expect((await guest.call(conversations.POST, "/api/support/conversations", { body: { status: "open", email: "guest@shop.test" } })).status).toBeLessThan(
      300,
    );
    for (let attempt = 0; attempt < PAUSE_AFTER_FAILURES + 2; attempt++) {
      await drain();
      later(7 * 3600_000);
    }
    expect(receiver.on("/down")).toHaveLength(PAUSE_AFTER_FAILURES);
    const listed = (await owner.call(webhooksRoute.GET, "/api/admin/webhooks")).body.webhooks.find((w: { id: string }) => w.id === id);
    expect(listed).toMatchObject({ status: "paused", consecutiveFailures: PAUSE_AFTER_FAILURES });
    const told = await store.app.db.selectFrom("mail_outbox").select(["recipient", "data"]).where("template", "=", "webhook_paused").execute();
    expect(told.map((m) => m.recipient)).toEqual(["boss@shop.test"]);
    expect(JSON.parse(told[0]!.data)).toMatchObject({
      failures: PAUSE_AFTER_FAILURES,
      url: expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+\/down\/\.\.\.$/),
    });
    // A paused endpoint gets no new deliveries and sends nothing more.
    await guest.call(conversations.POST, "/api/support/conversations", { body: { status: "open", email: "guest2@shop.test" } });
    await drain();
    expect(receiver.on("/down")).toHaveLength(PAUSE_AFTER_FAILURES);
    // Resumed: its waiting delivery goes out again.
    expect((await owner.call(webhookRoute.PATCH, `/api/admin/webhooks/${id}`, { method: "PATCH", params: { id }, body: { status: "active" } })).status).toBe(
      204,
    );
    await drain();
    expect(receiver.on("/down")).toHaveLength(PAUSE_AFTER_FAILURES + 1);
    expect(
      (await owner.call(webhookRoute.PATCH, "/api/admin/webhooks/nope", { method: "PATCH", params: { id: "nope" }, body: { status: "active" } })).status,
    ).toBe(404);
  });
});
