import * as z from "zod";
import type { ProviderEvent } from "#domain/payments/payment-gateway.port.ts";

/** What the store reads of a Stripe event (https://docs.stripe.com/api/events/object); the rest is ignored. */
export const StripeEvent = z.object({ id: z.string().min(1), type: z.string().min(1), data: z.object({ object: z.record(z.string(), z.unknown()) }) });
export type StripeEvent = z.infer<typeof StripeEvent>;

const PaymentIntentObject = z.object({ id: z.string(), amount: z.number().int(), amount_received: z.number().int().optional(), currency: z.string() });
const Refund = z.object({ id: z.string(), amount: z.number().int(), created: z.number().optional(), status: z.string().nullish() });
const ChargeObject = z.object({
  id: z.string(),
  payment_intent: z.string().nullish(),
  amount_refunded: z.number().int().optional(),
  refunds: z.object({ data: z.array(Refund) }).nullish(),
});
const DisputeObject = z.object({ id: z.string(), charge: z.string(), payment_intent: z.string().nullish(), status: z.string(), reason: z.string().nullish() });

/**
 * A verified Stripe event as the store's ProviderEvent. The store's capture id of a Stripe payment is
 * its PaymentIntent id (the order's paymentId too): charges and disputes name it as payment_intent.
 * `latestRefund` finds the refund a charge.refunded event is about when the charge does not list its
 * refunds (API versions from 2022-11-15 on leave them out). An event type the store does not act on is "ignored".
 */
export async function decodeStripeEvent(
  event: StripeEvent,
  latestRefund: (chargeId: string) => Promise<z.infer<typeof Refund> | null>,
): Promise<ProviderEvent | null> {
  const common = { id: event.id, type: event.type };
  const object = event.data.object;
  switch (event.type) {
    case "payment_intent.succeeded":
    case "payment_intent.processing":
    case "payment_intent.payment_failed":
    case "payment_intent.canceled": {
      const intent = PaymentIntentObject.safeParse(object);
      if (!intent.success) return null;
      const kind =
        event.type === "payment_intent.succeeded" ? "capture_completed" : event.type === "payment_intent.processing" ? "capture_pending" : "capture_denied";
      const amount = intent.data.currency.toLowerCase() === "usd" ? (intent.data.amount_received ?? intent.data.amount) : null;
      return { ...common, kind, captureId: intent.data.id, paymentId: intent.data.id, amount };
    }
    case "charge.refunded": {
      const charge = ChargeObject.safeParse(object);
      if (!charge.success || !charge.data.payment_intent) return null;
      const listed = charge.data.refunds?.data ?? [];
      const refund = listed.length > 0 ? listed.reduce((a, b) => ((b.created ?? 0) > (a.created ?? 0) ? b : a)) : await latestRefund(charge.data.id);
      if (!refund) return null;
      return { ...common, kind: "capture_refunded", refundId: refund.id, amount: refund.amount, captureId: charge.data.payment_intent, paymentId: null };
    }
    case "charge.dispute.created":
    case "charge.dispute.closed": {
      const dispute = DisputeObject.safeParse(object);
      if (!dispute.success) return null;
      const captureId = dispute.data.payment_intent ?? null;
      if (event.type === "charge.dispute.created")
        return { ...common, kind: "dispute_opened", disputeId: dispute.data.id, outcome: dispute.data.reason ?? null, captureId, paymentId: null };
      // Closed: won, lost or warning_closed (an inquiry that never became a chargeback).
      return { ...common, kind: "dispute_resolved", disputeId: dispute.data.id, outcome: dispute.data.status, captureId, paymentId: null };
    }
    default:
      return { ...common, kind: "ignored", captureId: null, paymentId: null };
  }
}
