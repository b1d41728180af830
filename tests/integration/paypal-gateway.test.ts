import { afterAll, describe, expect, it } from "vitest";
import { createPayPalGateway } from "../../adapters/payments/paypal-gateway.ts";
import { paymentGatewayContract } from "../contracts/payment-gateway.contract.ts";
import { startPayPalStandIn } from "../fakes/paypal-stand-in.ts";

const standIn = await startPayPalStandIn();
afterAll(() => standIn.close());
const gateway = () => createPayPalGateway({ ...standIn.credentials, apiBase: standIn.apiBase });

paymentGatewayContract("PayPal REST v2 against a local stand-in", async () => gateway());

describe("PayPal adapter", () => {
  it("gets one OAuth token and reuses it; sends the amount as a decimal string and a PayPal-Request-Id", async () => {
    const paypal = gateway();
    const before = standIn.requests.length;
    const { id } = await paypal.createOrder({ amount: 4599, currency: "USD", reference: "chk-9", requestId: "create-chk-9" });
    await paypal.captureOrder({ orderId: id, requestId: `capture-${id}` });
    const mine = standIn.requests.slice(before);
    expect(mine.map((r) => r.path)).toEqual(["/v1/oauth2/token", "/v2/checkout/orders", `/v2/checkout/orders/${id}/capture`]);
    expect(mine[1]).toMatchObject({
      requestId: "create-chk-9",
      body: { intent: "CAPTURE", purchase_units: [{ reference_id: "chk-9", custom_id: "chk-9", amount: { currency_code: "USD", value: "45.99" } }] },
    });
    expect(mine[2]!.requestId).toBe(`capture-${id}`);
  });

  it("answers a declined instrument as declined, and a capture with another key after success as declined", async () => {
    const paypal = gateway();
    const { id } = await paypal.createOrder({ amount: 100, currency: "USD", reference: "chk-d", requestId: "create-chk-d" });
    standIn.decline(id);
    expect(await paypal.captureOrder({ orderId: id, requestId: `capture-${id}` })).toEqual({ status: "declined", reason: "The instrument presented was declined." });
    const ok = await paypal.createOrder({ amount: 100, currency: "USD", reference: "chk-e", requestId: "create-chk-e" });
    await paypal.captureOrder({ orderId: ok.id, requestId: "first-key" });
    expect(await paypal.captureOrder({ orderId: ok.id, requestId: "other-key" })).toMatchObject({ status: "declined" });
  });

  it("fails loudly on wrong credentials instead of pretending", async () => {
    const wrong = createPayPalGateway({ clientId: "test-client", clientSecret: "wrong", apiBase: standIn.apiBase });
    await expect(wrong.createOrder({ amount: 100, currency: "USD", reference: "x", requestId: "create-x" })).rejects.toThrow("PayPal OAuth token failed with HTTP 401");
  });
});
