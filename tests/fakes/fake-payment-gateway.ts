import type { CaptureResult, Payer, PaymentGateway } from "#domain/payments/payment-gateway.port.ts";
import type { Cents } from "#domain/shared/money.ts";

/**
 * A payment provider in memory that keeps PayPal's promises: a repeated request id answers the first
 * result, an order is captured at most once, an unknown order is declined. `holdCaptures` makes
 * captures wait until `releaseCaptures()`, so a test can line up racing requests at the worst moment.
 */
export function createFakePaymentGateway() {
  const orders = new Map<string, { amount: Cents; captureId: string | null; declined: boolean; pending?: boolean }>();
  const captureStates = new Map<string, "completed" | "pending" | "denied">();
  const created = new Map<string, string>();
  const captured = new Map<string, CaptureResult>();
  const refunds: { captureId: string; amount: Cents; requestId: string }[] = [];
  const refundedRequests = new Set<string>();
  let gate: Promise<void> | null = null;
  let open: () => void = () => undefined;
  let next = 0;
  /** Refund calls still to fail as a lost answer would (a timeout: nothing is known to have happened). */
  let failingRefunds = 0;
  /** Who the next captures name as their payer (PayPal's payer); none by default, as the sandbox. */
  let payer: Payer | null = null;

  const gateway: PaymentGateway = {
    provider: "sandbox",
    async clientToken() {
      return "fake-client-token";
    },
    async clientSecret() {
      return null;
    },
    async createOrder({ amount, requestId }) {
      const existing = created.get(requestId);
      if (existing) return { id: existing };
      const id = `FAKE-${++next}`;
      orders.set(id, { amount, captureId: null, declined: false });
      created.set(requestId, id);
      return { id };
    },
    async captureOrder({ orderId, requestId }) {
      if (gate) await gate;
      const replay = captured.get(requestId);
      if (replay) return replay;
      const order = orders.get(orderId);
      if (!order || order.declined) return { status: "declined", reason: "the payment was not approved", restartable: false };
      if (order.captureId) return { status: "declined", reason: "ORDER_ALREADY_CAPTURED", restartable: false };
      order.captureId = `CAPTURE-${orderId}`;
      captureStates.set(order.captureId, order.pending ? "pending" : "completed");
      const result: CaptureResult = order.pending
        ? { status: "pending", captureId: order.captureId, amount: order.amount, currency: "USD", reason: "pending review", recheckAt: null, payer }
        : { status: "completed", captureId: order.captureId, amount: order.amount, currency: "USD", payer };
      captured.set(requestId, result);
      return result;
    },
    async captureStatus(captureId) {
      return captureStates.get(captureId) ?? "unknown";
    },
    async refundCapture({ captureId, amount, requestId }) {
      if (failingRefunds > 0) {
        failingRefunds -= 1;
        throw new Error("the provider did not answer in time");
      }
      if (!refundedRequests.has(requestId)) {
        refundedRequests.add(requestId);
        refunds.push({ captureId, amount, requestId });
      }
      return { status: "completed", id: `REFUND-${requestId}` };
    },
    async verifyWebhook() {
      return null;
    },
  };

  return {
    gateway,
    refunds,
    orders,
    payAs: (next: Payer | null) => void (payer = next),
    failRefunds: (times: number) => void (failingRefunds = times),
    decline: (orderId: string) => void (orders.get(orderId)!.declined = true),
    pend: (orderId: string) => void (orders.get(orderId)!.pending = true),
    completeReview: (captureId: string) => void captureStates.set(captureId, "completed"),
    denyReview: (captureId: string) => void captureStates.set(captureId, "denied"),
    holdCaptures() {
      gate = new Promise<void>((resolve) => (open = resolve));
    },
    releaseCaptures() {
      gate = null;
      open();
    },
  };
}
