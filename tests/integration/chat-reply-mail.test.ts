import { afterAll, describe, expect, it } from "vitest";
import * as conversations from "#src/pages/api/support/conversations/index.ts";
import * as messages from "#src/pages/api/support/conversations/[id]/messages.ts";
import * as orderMessages from "#src/pages/api/orders/[id]/messages.ts";
import type { Clock } from "#domain/shared/clock.port.ts";
import { startSmtpServer } from "../support/smtp.ts";
import { captureCall, preparedPayment, product, setStock, signIn, signInAdmin } from "./helpers/shoppers.ts";
import { createTestApp } from "./helpers/test-app.ts";
import { shortId } from "#domain/shared/short-id.ts";

let offsetMs = 0;
const clock: Clock = { now: () => new Date(Date.now() + offsetMs) };
const smtp = await startSmtpServer();
const store = await createTestApp({ clock, env: { SMTP_URL: smtp.url, MAIL_FROM: "BloxBazaar <help@shop.test>", ADMIN_NOTIFY_EMAIL: "off" } });
const admin = await signInAdmin(store);
afterAll(() => smtp.close());

type Browser = ReturnType<typeof store.client>;
const minutes = (n: number) => (offsetMs += n * 60_000);
async function replies(email: string) {
  await store.app.mail.worker.drain();
  return smtp.to(email).filter((m) => /replied/.test(m.subject));
}
const say = (browser: Browser, id: string, message: string) =>
  browser.call(messages.POST, "/api/support/conversations/x/messages", { params: { id }, body: { message } });
const poll = (browser: Browser, id: string) => browser.call(messages.GET, "/api/support/conversations/x/messages", { params: { id } });

// Issue 19: a reply from the store that the shopper has not read within 10 minutes is emailed, at
// most one email per conversation an hour; a reply the shopper's chat has shown is not.
describe("emails about unread chat replies", () => {
  it("support: emails a reply left unread for 10 minutes, once an hour at most, and never one the shopper has read", async () => {
    const shopper = await signIn(store, "asker@mail.test");
    const id = (await shopper.call(conversations.POST, "/api/support/conversations", { body: { status: "open" } })).body.id as string;
    expect((await say(shopper, id, "Where is my order?")).status).toBe(201);
    expect((await say(admin, id, "It is on its way, about 5 minutes.")).status).toBe(201);
    minutes(5);
    expect(await replies("asker@mail.test")).toHaveLength(0);
    minutes(6);
    const [first] = await replies("asker@mail.test");
    expect(first!.subject).toBe("BloxBazaar support replied to you");
    expect(first!.text).toContain('"It is on its way, about 5 minutes."');
    minutes(2);
    expect(await replies("asker@mail.test")).toHaveLength(1);

    // A second reply within the hour: no second email until the hour has passed.
    await say(admin, id, "Delivered now!");
    minutes(15);
    expect(await replies("asker@mail.test")).toHaveLength(1);
    minutes(50);
    expect(await replies("asker@mail.test")).toHaveLength(2);

    // A reply the shopper's chat has shown is not emailed.
    minutes(61);
    await say(admin, id, "Anything else?");
    expect((await poll(shopper, id)).body.at(-1).message).toBe("Anything else?");
    minutes(11);
    expect(await replies("asker@mail.test")).toHaveLength(2);
    // Polled by an administrator only: still unread by the shopper.
    await say(admin, id, "We are closing this chat soon.");
    await poll(admin, id);
    minutes(11);
    expect(await replies("asker@mail.test")).toHaveLength(3);
  });

  it("an order's chat: the reply goes to the order's email address", async () => {
    const buyer = await signIn(store, "chat-buyer@shop.test");
    const item = await product(store, "10M Diamonds");
    await setStock(store, item.id, 20);
    const { paymentId } = await preparedPayment(buyer, item.id, 1, { email: "order-contact@mail.test" });
    const orderId = (await captureCall(buyer, paymentId)).body.order.id as string;
    expect(
      (await admin.call(orderMessages.POST, "/api/orders/x/messages", { params: { id: orderId }, body: { message: "Add me as a friend: Builder_42" } })).status,
    ).toBe(201);
    minutes(11);
    const [mail] = await replies("order-contact@mail.test");
    expect(mail!.subject).toBe(`BloxBazaar replied about your order #${shortId(orderId)}`);
    expect(mail!.text).toContain("Add me as a friend: Builder_42");
  });
});
