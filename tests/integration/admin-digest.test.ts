import { afterAll, describe, expect, it } from "vitest";
import * as conversations from "#src/pages/api/support/conversations/index.ts";
import type { Clock } from "#domain/shared/clock.port.ts";
import { startSmtpServer } from "../support/smtp.ts";
import { captureCall, preparedPayment, product, setStock, signIn } from "./helpers/shoppers.ts";
import { createTestApp } from "./helpers/test-app.ts";

let offsetMs = 0;
const clock: Clock = { now: () => new Date(Date.now() + offsetMs) };
const smtp = await startSmtpServer();
const store = await createTestApp({
  clock,
  env: { SMTP_URL: smtp.url, MAIL_FROM: "BloxBazaar <shop@shop.test>", ADMIN_NOTIFY_EMAIL: "ops@shop.test, Boss@shop.test" },
});
afterAll(() => smtp.close());

let n = 0;
async function order() {
  const buyer = await signIn(store, `digest-buyer${++n}@shop.test`);
  const item = await product(store, "10M Diamonds");
  await setStock(store, item.id, 50);
  const { paymentId } = await preparedPayment(buyer, item.id, 1);
  expect((await captureCall(buyer, paymentId)).status).toBe(201);
}
const digests = () => smtp.to("ops@shop.test");

// Issue 19: administrators are told about new orders and support conversations, batched, at most one email a minute.
describe("the administrators' digest", () => {
  it("batches new orders and conversations into one email a minute, to ADMIN_NOTIFY_EMAIL's addresses; nothing from before it started", async () => {
    await order(); // before the first round: never reported
    await store.app.mail.worker.drain();
    offsetMs += 20_000;
    await store.app.mail.worker.drain();
    expect(digests()).toHaveLength(0);

    await order();
    await order();
    expect((await store.client().call(conversations.POST, "/api/support/conversations", { body: { status: "open" } })).status).toBe(201);
    await store.app.mail.worker.drain();
    expect(digests()).toHaveLength(0); // not settled yet
    offsetMs += 11_000;
    await store.app.mail.worker.drain();
    expect(digests()).toHaveLength(1);
    expect(smtp.to("boss@shop.test")).toHaveLength(1);
    expect(digests()[0]!.subject).toBe("BloxBazaar: 2 new orders, 1 new support conversation");
    expect(digests()[0]!.text).toContain("/admin?tab=orders");

    await order();
    offsetMs += 11_000;
    await store.app.mail.worker.drain();
    expect(digests()).toHaveLength(1); // within a minute of the last one
    offsetMs += 60_000;
    await store.app.mail.worker.drain();
    expect(digests()).toHaveLength(2);
    expect(digests()[1]!.subject).toBe("BloxBazaar: 1 new order");
    offsetMs += 120_000;
    await store.app.mail.worker.drain();
    expect(digests()).toHaveLength(2); // nothing new, nothing sent
  });
});
