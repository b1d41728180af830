import { createHash } from "node:crypto";
import type { PaymentGateway } from "../../domain/payments/payment-gateway.port.ts";

const SANDBOX_ID = /^SANDBOX-(\d{1,12})-([0-9a-f]{24})$/;

/**
 * The default payment gateway: no provider, no money. It is stateless so it behaves the same in every
 * app process: a payment id carries its amount and is derived from the request id, so creating twice
 * with one request id answers the same payment, and capturing one payment always answers the same
 * capture. Only ids the server itself attached to a prepared checkout ever reach captureOrder.
 */
export function createSandboxGateway(): PaymentGateway {
  const digest = (text: string) => createHash("sha256").update(text).digest("hex").slice(0, 24);
  return {
    provider: "sandbox",
    async clientToken() {
      return "sandbox";
    },
    async createOrder({ amount, requestId }) {
      return { id: `SANDBOX-${amount}-${digest(requestId)}` };
    },
    async captureOrder({ orderId }) {
      const match = SANDBOX_ID.exec(orderId);
      if (!match) return { status: "declined", reason: "this is not a sandbox payment" };
      return { status: "completed", captureId: `SANDBOX-CAPTURE-${match[2]}`, amount: Number(match[1]), currency: "USD" };
    },
    async refundCapture() {
      // Nothing was charged, so nothing is given back.
    },
  };
}
