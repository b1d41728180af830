import { describe, expect, it } from "vitest";
import type { PaymentGateway } from "#domain/payments/payment-gateway.port.ts";

/** What the provider is to answer at capture, arranged by each gateway's own means. */
export type ArrangedOutcome = "completed" | "pending" | "declined";

export interface GatewayHarness {
  gateway: PaymentGateway;
  /** Opens a payment whose capture will answer `outcome` (the sandbox: its test button; PayPal: the documented answer). */
  createFor(outcome: ArrangedOutcome, input: { amount: number; reference: string; requestId: string }): Promise<{ id: string }>;
  /** The provider finishes reviewing a capture it held: it is completed from now on. */
  completeReview(captureId: string): Promise<void>;
}

/**
 * What every PaymentGateway must do, run against the in-memory fake and the sandbox (unit) and the
 * PayPal adapter talking to a local server that replays PayPal's documented responses (integration).
 */
export function paymentGatewayContract(name: string, make: () => Promise<GatewayHarness>) {
  describe(`payment gateway contract: ${name}`, () => {
    it("answers a client token for the page's payment script", async () => {
      expect(await (await make()).gateway.clientToken()).toEqual(expect.any(String));
    });

    it("creates an order and captures exactly its amount", async () => {
      const { gateway, createFor } = await make();
      const { id } = await createFor("completed", { amount: 2599, reference: "checkout-1", requestId: "create-checkout-1" });
      expect(id).toEqual(expect.any(String));
      const capture = await gateway.captureOrder({ orderId: id, requestId: `capture-${id}` });
      // The payer (issue 37) is whatever the provider names: PayPal's account, or none (sandbox).
      expect(capture).toMatchObject({ status: "completed", captureId: expect.any(String), amount: 2599, currency: "USD" });
      if (capture.status === "completed") expect(await gateway.captureStatus(capture.captureId)).toBe("completed");
    });

    it("answers a repeated create or capture with the first answer (idempotency keys)", async () => {
      const { gateway } = await make();
      const first = await gateway.createOrder({ amount: 1000, currency: "USD", reference: "checkout-2", requestId: "create-checkout-2" });
      const again = await gateway.createOrder({ amount: 1000, currency: "USD", reference: "checkout-2", requestId: "create-checkout-2" });
      expect(again.id).toBe(first.id);
      const capture = await gateway.captureOrder({ orderId: first.id, requestId: `capture-${first.id}` });
      const replay = await gateway.captureOrder({ orderId: first.id, requestId: `capture-${first.id}` });
      expect(replay).toEqual(capture);
    });

    it("declines an order it does not know, without throwing", async () => {
      const capture = await (await make()).gateway.captureOrder({ orderId: "UNKNOWN-ORDER", requestId: "capture-unknown" });
      expect(capture.status).toBe("declined");
    });

    it("declines a payment the buyer's bank refused: no money taken, a reason to show", async () => {
      const { gateway, createFor } = await make();
      const { id } = await createFor("declined", { amount: 700, reference: "checkout-d", requestId: "create-checkout-d" });
      const capture = await gateway.captureOrder({ orderId: id, requestId: `capture-${id}` });
      expect(capture).toEqual({ status: "declined", reason: expect.any(String), restartable: expect.any(Boolean) });
    });

    it("holds a payment for review as pending (not declined), and reports it completed once the review clears", async () => {
      const { gateway, createFor, completeReview } = await make();
      const { id } = await createFor("pending", { amount: 1500, reference: "checkout-p", requestId: "create-checkout-p" });
      const capture = await gateway.captureOrder({ orderId: id, requestId: `capture-${id}` });
      expect(capture).toMatchObject({ status: "pending", captureId: expect.any(String), amount: 1500, currency: "USD", reason: expect.any(String) });
      if (capture.status !== "pending") return;
      expect(await gateway.captureStatus(capture.captureId)).toBe("pending");
      await completeReview(capture.captureId);
      expect(await gateway.captureStatus(capture.captureId)).toBe("completed");
    });

    it("refunds a capture in full or in part, once per request id", async () => {
      const { gateway, createFor } = await make();
      const { id } = await createFor("completed", { amount: 500, reference: "checkout-3", requestId: "create-checkout-3" });
      const capture = await gateway.captureOrder({ orderId: id, requestId: `capture-${id}` });
      if (capture.status !== "completed") throw new Error("expected a completed capture");
      const part = await gateway.refundCapture({ captureId: capture.captureId, amount: 200, currency: "USD", requestId: `refund-a-${capture.captureId}` });
      expect(part).toEqual({ status: "completed", id: expect.any(String) });
      const again = await gateway.refundCapture({ captureId: capture.captureId, amount: 200, currency: "USD", requestId: `refund-a-${capture.captureId}` });
      expect(again).toEqual(part);
    });

    it("believes no webhook it cannot verify", async () => {
      const { gateway } = await make();
      expect(await gateway.verifyWebhook({ headers: {}, body: "{}" })).toBeNull();
      expect(await gateway.verifyWebhook({ headers: { "paypal-transmission-sig": "x" }, body: "not json" })).toBeNull();
    });
  });
}
