import { afterAll, describe, expect, it } from "vitest";
import * as loginUser from "#src/pages/api/auth/login-user.ts";
import * as register from "#src/pages/api/auth/register.ts";
import * as cart from "#src/pages/api/cart/index.ts";
import * as parentLink from "#src/pages/api/checkout/parent-link.ts";
import * as prepare from "#src/pages/api/checkout/prepare.ts";
import * as intentCapture from "#src/pages/stripe/payment-intent/[id]/capture.ts";
import * as intent from "#src/pages/stripe/payment-intent/index.ts";
import { linkIn, startSmtpServer } from "../support/smtp.ts";
import { birthDateAged } from "./helpers/birth-dates.ts";
import { claimFor, PASSWORD, product } from "./helpers/shoppers.ts";
import { createStripeTestStore, STRIPE_ITEM } from "./helpers/stripe-store.ts";
import { TEST_DATABASE } from "./helpers/test-app.ts";

// A parent pays a 15-year-old's cart by card through the emailed link (issue 52): the same
// PaymentIntent and capture calls as a shopper's, with the link's token instead of a session or a
// checkout id, against Stripe's documented answers; the order is the child's, the receipt the parent's.
const smtp = await startSmtpServer();
afterAll(() => smtp.close());
const { stripe, store } = await createStripeTestStore({ SMTP_URL: smtp.url, MAIL_FROM: "Shop <shop@shop.test>" });

describe(`a parent pays by card on ${TEST_DATABASE}`, () => {
  it("opens the child's PaymentIntent with the link's token, captures it, and the order is the child's", async () => {
    const teen = store.client();
    const email = "card-teen@shop.test";
    expect(
      (await teen.call(register.POST, "/api/auth/register", { body: { acceptTerms: true, email, password: PASSWORD, birthDate: birthDateAged(15) } })).status,
    ).toBe(201);
    const login = await teen.call(loginUser.POST, "/api/auth/login-user", { body: { email, password: PASSWORD } });
    const userId = login.body.user.id as string;
    await teen.call(cart.POST, "/api/cart", { body: { productId: (await product(store, STRIPE_ITEM)).id, quantity: 1 } });
    const prepared = await teen.call(prepare.POST, "/api/checkout/prepare", { body: await claimFor(teen) });
    expect(prepared.status, JSON.stringify(prepared.body)).toBe(201);
    // The child's own card payment: 403, as PayPal's.
    const own = await teen.call(intent.POST, "/stripe/payment-intent", { body: { checkoutId: prepared.body.id } });
    expect(own.status).toBe(403);
    expect(own.body.code).toBe("parent_must_pay");

    const parentEmail = "card-parent@example.com";
    expect((await teen.call(parentLink.POST, "/api/checkout/parent-link", { body: { parentEmail } })).status).toBe(201);
    await store.app.mail.worker.drain();
    const [request] = smtp.to(parentEmail).filter((m) => m.subject.includes("asks you to pay"));
    const token = linkIn(request!, `${store.app.config.publicUrl}/pay/`).split("/pay/")[1]!;

    const parent = store.client();
    const opened = await parent.call(intent.POST, "/stripe/payment-intent", { body: { payToken: token } });
    expect(opened.status, JSON.stringify(opened.body)).toBe(201);
    expect(opened.body.clientSecret).toBe(`${opened.body.id}_secret_fixture`);
    expect(stripe.calls.filter((c) => c.path === "/v1/payment_intents" && c.method === "POST").at(-1)!.body["metadata[checkout_id]"]).toBe(prepared.body.id);
    // A checkout id beside the token is checked as a shopper's.
    expect((await parent.call(intent.POST, "/stripe/payment-intent", { body: { payToken: token, checkoutId: "another" } })).status).toBe(409);

    stripe.confirm(opened.body.id, "succeeded");
    const id = opened.body.id as string;
    const paid = await parent.call(intentCapture.POST, `/stripe/payment-intent/${id}/capture`, { params: { id }, body: { payToken: token } });
    expect(paid.status, JSON.stringify(paid.body)).toBe(201);
    expect(paid.body).toEqual({ id, status: "COMPLETED" });
    const order = await store.app.db.selectFrom("orders").selectAll().where("paymentId", "=", id).executeTakeFirstOrThrow();
    expect(order).toMatchObject({ userId, paymentProvider: "stripe", paymentStatus: "paid" });
    await store.app.mail.worker.drain();
    expect(smtp.to(parentEmail).map((m) => m.subject)).toContainEqual(expect.stringContaining("is confirmed"));
  });
});
