import { createHash } from "node:crypto";
import type { CaptureState, PaymentGateway } from "#domain/payments/payment-gateway.port.ts";
import type { Clock } from "#domain/shared/clock.port.ts";

// A sandbox payment id carries its outcome and amount: A(pprove), D(ecline) or P(ending).
const SANDBOX_ID = /^SANDBOX-(?:([ADP])-)?(\d{1,12})-([0-9a-f]{24})$/;
// A pending capture carries when its review clears (epoch ms).
const PENDING_CAPTURE = /^SANDBOX-CAPTURE-PENDING-(\d{1,15})-([0-9a-f]{24})$/;

export interface SandboxSettings {
  clock: Clock;
  /** How long a "pending review" payment stays pending before it completes (SANDBOX_PENDING_SECONDS). */
  pendingMs: number;
}

/**
 * The default payment gateway: no provider, no money. It is stateless so it behaves the same in every
 * app process: a payment id carries its amount and chosen outcome and is derived from the request
 * id, so creating twice with one request id answers the same payment, and capturing one payment
 * answers the same capture. The test button's outcomes: approve (completed), decline (402, nothing
 * placed) and pending (held for review; its capture id carries when the review clears, and
 * reconciliation then finds it completed, as it would a real one). Refunds succeed without moving
 * money. Webhooks are never verified: there is no provider to send them.
 */
export function createSandboxGateway(settings: SandboxSettings = { clock: { now: () => new Date() }, pendingMs: 30_000 }): PaymentGateway {
  const digest = (text: string) => createHash("sha256").update(text).digest("hex").slice(0, 24);
  return {
    provider: "sandbox",
    async clientToken() {
      return "sandbox";
    },
    async clientSecret() {
      return null;
    },
    async createOrder({ amount, requestId, sandboxOutcome }) {
      const outcome = sandboxOutcome === "decline" ? "D-" : sandboxOutcome === "pending" ? "P-" : "";
      return { id: `SANDBOX-${outcome}${amount}-${digest(`${requestId}|${sandboxOutcome ?? "approve"}`)}` };
    },
    async captureOrder({ orderId }) {
      const match = SANDBOX_ID.exec(orderId);
      if (!match) return { status: "declined", reason: "this is not a sandbox payment", restartable: false };
      const amount = Number(match[2]);
      if (match[1] === "D") return { status: "declined", reason: "the test card was declined (sandbox)", restartable: false };
      if (match[1] === "P") {
        const clearsAt = settings.clock.now().getTime() + settings.pendingMs;
        return {
          status: "pending",
          captureId: `SANDBOX-CAPTURE-PENDING-${clearsAt}-${match[3]}`,
          amount,
          currency: "USD",
          reason: "held for review (sandbox)",
          recheckAt: new Date(clearsAt),
        };
      }
      return { status: "completed", captureId: `SANDBOX-CAPTURE-${match[3]}`, amount, currency: "USD" };
    },
    async captureStatus(captureId): Promise<CaptureState> {
      const pending = PENDING_CAPTURE.exec(captureId);
      if (pending) return settings.clock.now().getTime() >= Number(pending[1]) ? "completed" : "pending";
      return captureId.startsWith("SANDBOX-CAPTURE-") ? "completed" : "unknown";
    },
    async refundCapture({ requestId }) {
      // Nothing was charged, so nothing moves; the refund is done at once.
      return { status: "completed", id: `SANDBOX-REFUND-${digest(requestId)}` };
    },
    async verifyWebhook() {
      return null;
    },
  };
}
