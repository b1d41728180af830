import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, describe, expect, it } from "vitest";
import { createPayPalGateway, type PayPalConfig } from "#adapters/payments/paypal-gateway.ts";
import { paymentGatewayContract } from "../contracts/payment-gateway.contract.ts";
import { startPayPalFixtureServer } from "../support/paypal-fixture-server.ts";

// The PayPal adapter against a local server that answers with PayPal's documented responses
// (tests/fixtures/paypal/, each naming its source).
const paypal = await startPayPalFixtureServer();
afterAll(() => paypal.close());
const failures: Parameters<NonNullable<PayPalConfig["onFailure"]>>[0][] = [];
const gateway = (over: Partial<PayPalConfig> = {}) =>
  createPayPalGateway({
    ...paypal.credentials,
    apiBase: paypal.apiBase,
    webhookId: paypal.webhookId,
    brandName: "BloxBazaar",
    onFailure: (f) => failures.push(f),
    ...over,
  });
const callsSince = (n: number) => paypal.calls.slice(n);

paymentGatewayContract("PayPal REST against PayPal's documented responses", async () => {
  const adapter = gateway();
  return {
    gateway: adapter,
    async createFor(outcome, input) {
      if (outcome === "pending") paypal.next("capture", "orders-capture-pending");
      if (outcome === "declined") paypal.next("capture", "orders-capture-instrument-declined");
      return adapter.createOrder({ ...input, currency: "USD" });
    },
    completeReview: async (captureId) => paypal.setCaptureStatus(captureId, "COMPLETED"),
  };
});

describe("PayPal adapter, as PayPal documents it", () => {
  it("orders with items (DIGITAL_GOODS), a description, custom_id and invoice_id, no shipping address, and a PayPal-Request-Id", async () => {
    const before = paypal.calls.length;
    await gateway().createOrder({
      amount: 4099,
      currency: "USD",
      reference: "chk-9",
      requestId: "create-chk-9",
      description: {
        description: "BloxBazaar: Huge Cat and 1 more (3 items, delivered in Roblox to Builder_1)",
        reference: "chk-9",
        items: [
          { name: "Huge Cat", quantity: 2, unitAmount: 1500 },
          { name: "Shadow Dragon", quantity: 1, unitAmount: 1599 },
        ],
        discount: 500,
      },
    });
    const create = callsSince(before).find((c) => c.route === "create")!;
    expect(create.requestId).toBe("create-chk-9");
    expect(create.body).toEqual({
      intent: "CAPTURE",
      payment_source: { paypal: { experience_context: { shipping_preference: "NO_SHIPPING", user_action: "PAY_NOW", brand_name: "BloxBazaar" } } },
      purchase_units: [
        {
          reference_id: "chk-9",
          custom_id: "chk-9",
          invoice_id: "chk-9",
          description: "BloxBazaar: Huge Cat and 1 more (3 items, delivered in Roblox to Builder_1)",
          items: [
            { name: "Huge Cat", quantity: "2", unit_amount: { currency_code: "USD", value: "15.00" }, category: "DIGITAL_GOODS" },
            { name: "Shadow Dragon", quantity: "1", unit_amount: { currency_code: "USD", value: "15.99" }, category: "DIGITAL_GOODS" },
          ],
          amount: {
            currency_code: "USD",
            value: "40.99",
            breakdown: { item_total: { currency_code: "USD", value: "45.99" }, discount: { currency_code: "USD", value: "5.00" } },
          },
        },
      ],
    });
  });

  it("fetches one OAuth token for concurrent first calls, and reuses it", async () => {
    const adapter = gateway();
    const before = paypal.calls.length;
    await Promise.all([1, 2, 3].map((n) => adapter.createOrder({ amount: 100, currency: "USD", reference: `c${n}`, requestId: `create-sf-${n}` })));
    const mine = callsSince(before);
    expect(mine.filter((c) => c.route === "token")).toHaveLength(1);
    expect(mine.filter((c) => c.route === "create")).toHaveLength(3);
  });

  it("after a 401 (the token expired early), fetches a new token once and repeats the call", async () => {
    const adapter = gateway();
    await adapter.createOrder({ amount: 100, currency: "USD", reference: "t1", requestId: "create-t1" });
    paypal.expireTokens();
    const before = paypal.calls.length;
    const { id } = await adapter.createOrder({ amount: 100, currency: "USD", reference: "t2", requestId: "create-t2" });
    expect(id).toEqual(expect.any(String));
    expect(callsSince(before).map((c) => c.route)).toEqual(["create", "token", "create"]);
  });

  it("fails loudly on wrong credentials instead of pretending", async () => {
    const wrong = gateway({ clientSecret: "wrong" });
    await expect(wrong.createOrder({ amount: 100, currency: "USD", reference: "x", requestId: "create-x" })).rejects.toThrow(
      /PayPal OAuth token failed with HTTP 401 \(invalid_client\)/,
    );
  });

  it("keeps PayPal's debug_id of every failure, in the error and in the log", async () => {
    const adapter = gateway();
    const { id } = await adapter.createOrder({ amount: 100, currency: "USD", reference: "e", requestId: "create-e" });
    paypal.next("capture", "internal-server-error");
    failures.length = 0;
    await expect(adapter.captureOrder({ orderId: id, requestId: `capture-${id}` })).rejects.toThrow(
      /HTTP 500 \(INTERNAL_SERVER_ERROR\) \[debug_id 90957fca61718\]/,
    );
    expect(failures).toEqual([expect.objectContaining({ operation: "capture", status: 500, debugId: "90957fca61718" })]);
  });

  it("gives up a call that does not answer in time", async () => {
    const silent = createServer(() => undefined);
    await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve));
    try {
      const adapter = gateway({ apiBase: `http://127.0.0.1:${(silent.address() as AddressInfo).port}`, timeoutMs: 200 });
      await expect(adapter.createOrder({ amount: 100, currency: "USD", reference: "s", requestId: "create-s" })).rejects.toThrow(/timed out after 200 ms/);
    } finally {
      silent.closeAllConnections();
      silent.close();
    }
  });

  it("INSTRUMENT_DECLINED is a decline the buyer restarts with another funding source; ORDER_NOT_APPROVED too", async () => {
    const adapter = gateway();
    const declined = await adapter.createOrder({ amount: 100, currency: "USD", reference: "d", requestId: "create-d" });
    paypal.next("capture", "orders-capture-instrument-declined");
    expect(await adapter.captureOrder({ orderId: declined.id, requestId: "capture-d-1" })).toEqual({
      status: "declined",
      reason: "your card or bank declined the payment. Please choose another way to pay",
      restartable: true,
    });
    // After actions.restart() the buyer approves again and the same order is captured.
    expect(await adapter.captureOrder({ orderId: declined.id, requestId: "capture-d-2" })).toMatchObject({ status: "completed", amount: 100 });
    const unapproved = await adapter.createOrder({ amount: 100, currency: "USD", reference: "n", requestId: "create-n" });
    paypal.next("capture", "orders-capture-not-approved");
    expect(await adapter.captureOrder({ orderId: unapproved.id, requestId: "capture-n" })).toMatchObject({ status: "declined", restartable: true });
  });

  it("a PENDING capture (PENDING_REVIEW) is a payment held for review, not a decline", async () => {
    const adapter = gateway();
    const { id } = await adapter.createOrder({ amount: 2500, currency: "USD", reference: "p", requestId: "create-p" });
    paypal.next("capture", "orders-capture-pending");
    expect(await adapter.captureOrder({ orderId: id, requestId: `capture-${id}` })).toEqual({
      status: "pending",
      captureId: expect.any(String),
      amount: 2500,
      currency: "USD",
      reason: "pending review",
      recheckAt: null,
      payer: { id: "QYR5Z8XDVJNXQ", email: "customer@example.com", country: null },
    });
  });

  it("a capture names its payer (account id, email, country) for the risk checks (issue 37)", async () => {
    const adapter = gateway();
    const plain = await adapter.createOrder({ amount: 100, currency: "USD", reference: "y", requestId: "create-y" });
    // orders-capture-completed.json: PayPal's sample names no country, so the country is unknown.
    expect(await adapter.captureOrder({ orderId: plain.id, requestId: `capture-${plain.id}` })).toMatchObject({
      status: "completed",
      payer: { id: "QYR5Z8XDVJNXQ", email: "customer@example.com", country: null },
    });
    const { id } = await adapter.createOrder({ amount: 100, currency: "USD", reference: "z", requestId: "create-z" });
    paypal.next("capture", "orders-capture-completed-payer", { payerId: "7E7MGXCWTTKK2", payerEmail: "payer@example.net", payerCountry: "GB" });
    expect(await adapter.captureOrder({ orderId: id, requestId: `capture-${id}` })).toMatchObject({
      status: "completed",
      payer: { id: "7E7MGXCWTTKK2", email: "payer@example.net", country: "GB" },
    });
  });

  it("an order captured by an earlier call whose answer was lost (ORDER_ALREADY_CAPTURED) answers that capture", async () => {
    const adapter = gateway();
    const { id } = await adapter.createOrder({ amount: 300, currency: "USD", reference: "a", requestId: "create-a" });
    const first = await adapter.captureOrder({ orderId: id, requestId: "first-key" });
    expect(await adapter.captureOrder({ orderId: id, requestId: "other-key" })).toEqual(first);
  });

  it("a refund PayPal refuses (REFUND_AMOUNT_EXCEEDED) is refused, not thrown", async () => {
    const adapter = gateway();
    const { id } = await adapter.createOrder({ amount: 300, currency: "USD", reference: "r", requestId: "create-r" });
    const capture = await adapter.captureOrder({ orderId: id, requestId: `capture-${id}` });
    if (capture.status !== "completed") throw new Error("expected a completed capture");
    paypal.next("refund", "captures-refund-amount-exceeded");
    expect(await adapter.refundCapture({ captureId: capture.captureId, amount: 900, currency: "USD", requestId: "refund-r" })).toEqual({
      status: "refused",
      reason: "REFUND_AMOUNT_EXCEEDED",
    });
  });

  it("verifies a webhook with verify-webhook-signature: SUCCESS decodes the event, FAILURE and a missing webhook id believe nothing", async () => {
    const adapter = gateway();
    const delivery = paypal.webhook("webhook-payment-capture-completed", { captureId: "3C6CAP", orderId: "5O1ORD", amount: "10.00", referenceId: "chk" });
    expect(await adapter.verifyWebhook(delivery)).toEqual({
      id: delivery.eventId,
      type: "PAYMENT.CAPTURE.COMPLETED",
      kind: "capture_completed",
      captureId: "3C6CAP",
      paymentId: "5O1ORD",
      amount: 1000,
    });
    const verify = paypal.calls.filter((c) => c.route === "verify").at(-1)!;
    expect(verify.body).toMatchObject({
      auth_algo: "SHA256withRSA",
      transmission_sig: delivery.headers["paypal-transmission-sig"],
      webhook_id: paypal.webhookId,
      webhook_event: JSON.parse(delivery.body),
    });
    const forged = { headers: delivery.headers, body: delivery.body.replace("10.00", "99.00") };
    expect(await adapter.verifyWebhook(forged)).toBeNull();
    paypal.next("verify", "verify-webhook-signature-failure");
    expect(await adapter.verifyWebhook(delivery)).toBeNull();
    expect(await gateway({ webhookId: undefined }).verifyWebhook(delivery)).toBeNull();
  });

  it("decodes refunds (capture from the 'up' link) and disputes (the disputed capture)", async () => {
    const adapter = gateway();
    const refund = paypal.webhook("webhook-payment-capture-refunded", { refundId: "1JU0REF", captureId: "3C6CAP", amount: "4.50", referenceId: "chk" });
    expect(await adapter.verifyWebhook(refund)).toMatchObject({ kind: "capture_refunded", refundId: "1JU0REF", captureId: "3C6CAP", amount: 450 });
    const dispute = paypal.webhook("webhook-customer-dispute-created", { disputeId: "PP-D-27803", captureId: "3C6CAP", amount: "4.50" });
    expect(await adapter.verifyWebhook(dispute)).toMatchObject({ kind: "dispute_opened", disputeId: "PP-D-27803", captureId: "3C6CAP" });
    const resolved = paypal.webhook("webhook-customer-dispute-resolved", { disputeId: "PP-D-27803", captureId: "3C6CAP", amount: "4.50" });
    expect(await adapter.verifyWebhook(resolved)).toMatchObject({ kind: "dispute_resolved", outcome: "RESOLVED_SELLER_FAVOUR" });
  });
});
