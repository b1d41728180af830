import { describe, expect, it } from "vitest";
import type { PaymentGateway } from "../../domain/payments/payment-gateway.port.ts";

/**
 * What every PaymentGateway must do, run against the in-memory fake and the sandbox (unit) and the
 * PayPal adapter talking to a local stand-in of PayPal's API (integration).
 */
export function paymentGatewayContract(name: string, make: () => Promise<PaymentGateway>) {
  describe(`payment gateway contract: ${name}`, () => {
    it("answers a client token for the page's payment script", async () => {
      expect(await (await make()).clientToken()).toEqual(expect.any(String));
    });

    it("creates an order and captures exactly its amount", async () => {
      const gateway = await make();
      const { id } = await gateway.createOrder({ amount: 2599, currency: "USD", reference: "checkout-1", requestId: "create-checkout-1" });
      expect(id).toEqual(expect.any(String));
      const capture = await gateway.captureOrder({ orderId: id, requestId: `capture-${id}` });
      expect(capture).toEqual({ status: "completed", captureId: expect.any(String), amount: 2599, currency: "USD" });
    });

    it("answers a repeated create or capture with the first answer (idempotency keys)", async () => {
      const gateway = await make();
      const first = await gateway.createOrder({ amount: 1000, currency: "USD", reference: "checkout-2", requestId: "create-checkout-2" });
      const again = await gateway.createOrder({ amount: 1000, currency: "USD", reference: "checkout-2", requestId: "create-checkout-2" });
      expect(again.id).toBe(first.id);
      const capture = await gateway.captureOrder({ orderId: first.id, requestId: `capture-${first.id}` });
      const replay = await gateway.captureOrder({ orderId: first.id, requestId: `capture-${first.id}` });
      expect(replay).toEqual(capture);
    });

    it("declines an order it does not know, without throwing", async () => {
      const capture = await (await make()).captureOrder({ orderId: "UNKNOWN-ORDER", requestId: "capture-unknown" });
      expect(capture.status).toBe("declined");
    });

    it("refunds a capture", async () => {
      const gateway = await make();
      const { id } = await gateway.createOrder({ amount: 500, currency: "USD", reference: "checkout-3", requestId: "create-checkout-3" });
      const capture = await gateway.captureOrder({ orderId: id, requestId: `capture-${id}` });
      if (capture.status !== "completed") throw new Error("expected a completed capture");
      const refund = await gateway.refundCapture({ captureId: capture.captureId, amount: 500, currency: "USD", requestId: `refund-${capture.captureId}` });
      expect(refund).toEqual({ status: "completed", id: expect.any(String) });
    });
  });
}
